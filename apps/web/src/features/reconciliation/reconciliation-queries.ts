import type { ReconciliationListRequest, ReconciliationRunRequest } from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefetch } from '../../shared/background-fetch.ts';
import { entityKeys, systemKeys } from '../../shared/query-keys.ts';
import { reconciliationApi } from './reconciliation-api.ts';

export const reconciliationKeys = entityKeys('reconciliation-reports');
/** Critical mismatches; refetched at once when one is found or acknowledged (live-topics.ts). */
export const reconciliationAlertKeys = entityKeys('reconciliation-alerts');

/** Kept reports, newest first. */
export function useReconciliationReports(request: ReconciliationListRequest) {
  return useQuery({
    queryKey: reconciliationKeys.list(request),
    queryFn: (ctx) => reconciliationApi.list(request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
  });
}

/** One report with its mismatches; a finished report never changes. */
export function useReconciliationReport(id: string | null) {
  return useQuery({
    queryKey: reconciliationKeys.detail(id ?? ''),
    queryFn: (ctx) => reconciliationApi.report(id!, { signal: ctx.signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** Runs one now; the new report goes into the cache and the list is fetched again. */
export function useRunReconciliation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReconciliationRunRequest) => reconciliationApi.run(body),
    onSuccess: (report) => client.setQueryData(reconciliationKeys.detail(report._id), report),
    onSettled: () => client.invalidateQueries({ queryKey: reconciliationKeys.lists() }),
  });
}

/** The open critical mismatches (money moved twice), newest first. */
export function useReconciliationAlerts() {
  return useQuery({
    queryKey: reconciliationAlertKeys.all,
    queryFn: (ctx) => reconciliationApi.alerts({ signal: ctx.signal, background: isRefetch(ctx) }),
  });
}

/** Acknowledges one; the panel and the sidebar badge are fetched again. */
export function useAcknowledgeAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => reconciliationApi.acknowledge(id),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: reconciliationAlertKeys.all });
      void client.invalidateQueries({ queryKey: systemKeys.counters() });
    },
  });
}
