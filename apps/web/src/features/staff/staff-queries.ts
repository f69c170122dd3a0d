import type { StaffInviteRequest, StaffUpdateRequest } from '@brokerdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefetch } from '../../shared/background-fetch.ts';
import { staffSessionKeys } from '../audit/audit-keys.ts';
import { staffApi, staffKeys } from './staff-api.ts';

const STAFF_REFRESH_MS = 30_000;

/** Every ADMIN and SYSOP with their live session counts, refreshed while the screen is open. */
export function useStaffList() {
  return useQuery({
    queryKey: staffKeys.lists(),
    queryFn: (ctx) => staffApi.list({ signal: ctx.signal, background: isRefetch(ctx) }),
    refetchInterval: STAFF_REFRESH_MS,
  });
}

/** After a change: the list and the sessions screen (a change ends the member's sessions). */
function useRefreshStaff() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: staffKeys.all }),
      client.invalidateQueries({ queryKey: staffSessionKeys.all }),
    ]);
}

export function useInviteStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (body: StaffInviteRequest) => staffApi.invite(body),
    onSettled: refresh,
  });
}

export function useUpdateStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (body: StaffUpdateRequest) => staffApi.update(body),
    onSettled: refresh,
  });
}
