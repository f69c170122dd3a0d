import {
  POLLING_MS,
  checkNewDepositsResponse,
  mlStatusesResponse,
  newRequestsCountResponse,
  sessionUserSchema,
} from '@brokerdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import { systemKeys } from '../../shared/query-keys.ts';

/** The signed-in staff member for the header. Changes only with a new sign-in. */
export function useMe() {
  return useQuery({
    queryKey: systemKeys.me(),
    queryFn: ({ signal }) => api.get('/api/users/me', sessionUserSchema, { signal }),
    staleTime: Infinity,
  });
}

// The three polls below send X-Background: 1 so they never keep an idle session alive (DESIGN Security).

/** Sidebar count badges, every 10 s (SPEC 7.1). */
export function useRequestCounters() {
  return useQuery({
    queryKey: systemKeys.counters(),
    queryFn: ({ signal }) =>
      api.get('/api/other/getNewRequestsCount/', newRequestsCountResponse, { signal, background: true }),
    refetchInterval: POLLING_MS.newRequestCounters,
  });
}

/** Platform status lights, every 5 s (SPEC 7.1). */
export function usePlatformStatuses() {
  return useQuery({
    queryKey: systemKeys.platformStatus(),
    queryFn: ({ signal }) =>
      api.get('/api/admin/other/getMlStatuses/', mlStatusesResponse, { signal, background: true }),
    refetchInterval: POLLING_MS.platformStatus,
  });
}

/** Whether new deposits arrived, every 10 s (SPEC 7.1). */
export function useNewDepositsCheck() {
  return useQuery({
    queryKey: systemKeys.newDeposits(),
    queryFn: ({ signal }) =>
      api.get('/api/other/checkNewDeposits/', checkNewDepositsResponse, { signal, background: true }),
    refetchInterval: POLLING_MS.newDeposits,
    // Each answer is an event, not a cached fact: never serve an old `notify: true` again.
    staleTime: 0,
    gcTime: 0,
  });
}
