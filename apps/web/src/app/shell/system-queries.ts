import { LIVE_SAFETY_POLL_MS, POLLING_MS, calls } from '@brokerdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';
import { useLiveStatus } from '../../shared/live/index.ts';
import { systemKeys } from '../../shared/query-keys.ts';

/** The signed-in staff member for the header. Changes only with a new sign-in. */
export function useMe() {
  return useQuery({
    queryKey: systemKeys.me(),
    queryFn: ({ signal }) => call(calls.auth.getMe, {}, { signal }),
    staleTime: Infinity,
  });
}

// The three polls below send X-Background: 1 so they never keep an idle session alive
// (docs/product.md [security.sessions]).

/**
 * A poll's period: the spec's while the live stream is down (the fallback), a slow safety net while it
 * is open, since every change then refetches at once (use-live-updates.ts).
 */
function usePollEvery(specMs: number): number {
  return useLiveStatus() === 'live' ? Math.max(specMs, LIVE_SAFETY_POLL_MS) : specMs;
}

/** Sidebar count badges, every 10 s (docs/product.md [calls.sign-in]), or on each change while live. */
export function useRequestCounters() {
  return useQuery({
    queryKey: systemKeys.counters(),
    queryFn: ({ signal }) => call(calls.system.countNewRequests, {}, { signal, background: true }),
    refetchInterval: usePollEvery(POLLING_MS.newRequestCounters),
  });
}

/**
 * Platform status lights, every 5 s (docs/product.md [calls.sign-in]), live or not: the tooltip's last
 * working time moves with every check. While live, a light that changes colour also shows within a second.
 */
export function usePlatformStatuses() {
  return useQuery({
    queryKey: systemKeys.platformStatus(),
    queryFn: ({ signal }) => call(calls.system.listPlatformStatuses, {}, { signal, background: true }),
    refetchInterval: POLLING_MS.platformStatus,
  });
}

/**
 * Whether new deposits arrived, every 10 s (docs/product.md [calls.sign-in]), or on each new deposit while
 * live.
 */
export function useNewDepositsCheck() {
  return useQuery({
    queryKey: systemKeys.newDeposits(),
    queryFn: ({ signal }) => call(calls.system.checkNewDeposits, {}, { signal, background: true }),
    refetchInterval: usePollEvery(POLLING_MS.newDeposits),
    // Each answer is an event, not a cached fact: never serve an old `notify: true` again.
    staleTime: 0,
    gcTime: 0,
  });
}
