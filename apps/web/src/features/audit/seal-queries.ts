import { calls } from '@brokerdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api.ts';
import { isRefetch } from '../../shared/background-fetch.ts';
import { anchorReportKeys, auditKeys, auditSealKeys } from './audit-keys.ts';

/** The daily seals, newest first, and the public key that signs them and every evidence pack. */
export function useAuditSeals() {
  return useQuery({
    queryKey: auditSealKeys.lists(),
    queryFn: (ctx) =>
      call(calls.audit.listAuditSeals, {}, { signal: ctx.signal, background: isRefetch(ctx) }),
  });
}

export function useSigningKey() {
  return useQuery({
    queryKey: auditSealKeys.detail('key'),
    queryFn: (ctx) =>
      call(calls.audit.getAuditSigningKey, {}, { signal: ctx.signal, background: isRefetch(ctx) }),
    staleTime: 10 * 60_000,
  });
}

/** The reports of the trail found behind a mailed anchor, open ones first. */
export function useAnchorReports() {
  return useQuery({
    queryKey: anchorReportKeys.lists(),
    queryFn: (ctx) =>
      call(calls.audit.listAnchorReports, {}, { signal: ctx.signal, background: isRefetch(ctx) }),
  });
}

/**
 * An action on the anchor reports (a check, an acknowledgement): either way the reports and the audit
 * trail are read again, since the action is itself an audit record and may have opened a report.
 */
function useAnchorAction<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: anchorReportKeys.lists() });
      void client.invalidateQueries({ queryKey: auditKeys.lists() });
    },
  });
}

/** Holds a mailed anchor against the database (the check is itself an audit record). */
export function useCheckAnchor() {
  return useAnchorAction((anchor: string) => call(calls.audit.checkAuditAnchor, { body: { anchor } }));
}

/** A SYSOP acknowledges a database behind an anchor, with a note. */
export function useAcknowledgeAnchor() {
  return useAnchorAction(({ id, note }: { id: string; note: string }) =>
    call(calls.audit.acknowledgeAnchorReport, { params: { id }, body: { note } }),
  );
}
