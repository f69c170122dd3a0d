import {
  calls,
  urlOf,
  type ReportListRequest,
  type RunReportRequest,
  type SubscribeReportRequest,
} from '@brokerdesk/contract';
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';
import { isRefetch } from '../../shared/background-fetch.ts';
import { entityKeys } from '../../shared/query-keys.ts';

export const reportKeys = entityKeys('reports');
export const subscriptionKeys = entityKeys('report-subscriptions');

/** A kept report's files, fetched with the session's token (downloadFile). */
export const reportFilePath = (id: string, kind: 'pdf' | 'csv') =>
  urlOf(kind === 'pdf' ? calls.reports.downloadReportPdf : calls.reports.downloadReportCsv, {
    params: { id },
  });

/** The subscriptions (SYSOP only: `enabled` is false for an ADMIN, whom the server refuses anyway). */
export function useSubscriptions(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.all,
    queryFn: (ctx) =>
      call(calls.reports.listReportSubscriptions, {}, { signal: ctx.signal, background: isRefetch(ctx) }),
    enabled,
  });
}

/** One page of the history, newest first. */
export function useReports(request: ReportListRequest) {
  return useQuery({
    queryKey: reportKeys.list(request),
    queryFn: (ctx) =>
      call(calls.reports.listReports, { body: request }, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: subscriptionKeys.all }),
      client.invalidateQueries({ queryKey: reportKeys.all }),
    ]);
}

export function useSubscribe() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SubscribeReportRequest) => call(calls.reports.subscribeReport, { body }),
    onSettled: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(calls.reports.cancelReportSubscription, { params: { id } }),
    onSettled: refresh,
  });
}

export function useRunNow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RunReportRequest) => call(calls.reports.runReportNow, { body }),
    onSettled: refresh,
  });
}
