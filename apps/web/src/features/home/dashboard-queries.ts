import { calls, type DashboardActivityQuery } from '@brokerdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';
import { isRefetch } from '../../shared/background-fetch.ts';
import { entityKeys } from '../../shared/query-keys.ts';

/** Refetched on every live change to a request table or the platform (live-topics.ts). */
export const dashboardKeys = entityKeys('dashboard');

/** Without the live stream, the figures are fetched again this often. */
const DASHBOARD_REFRESH_MS = 30_000;

/** Queues with their oldest item, four-eyes approvals waiting, platform history, latest reconciliations. */
export function useDashboardOverview() {
  return useQuery({
    queryKey: dashboardKeys.detail('overview'),
    queryFn: (ctx) =>
      call(calls.dashboard.getDashboardOverview, {}, { signal: ctx.signal, background: isRefetch(ctx) }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** Approved money and staff decisions per day of the staff member's time zone. */
export function useDashboardActivity(query: Required<DashboardActivityQuery>) {
  return useQuery({
    queryKey: dashboardKeys.list(query),
    queryFn: (ctx) =>
      call(
        calls.dashboard.getDashboardActivity,
        { query },
        { signal: ctx.signal, background: isRefetch(ctx) },
      ),
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
