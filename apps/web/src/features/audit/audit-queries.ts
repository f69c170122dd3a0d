import { AUDIT_ACTIONS, type AuditSearchRequest, type AuditVerifyResult } from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefetch } from '../../shared/background-fetch.ts';
import { auditApi } from './audit-api.ts';
import { auditFacetKeys, auditKeys, documentViewKeys, staffSessionKeys } from './audit-keys.ts';

const SESSIONS_REFRESH_MS = 30_000;

/** One page of the audit trail. */
export function useAuditSearch(request: AuditSearchRequest) {
  return useQuery({
    queryKey: auditKeys.list(request),
    queryFn: (ctx) => auditApi.search(request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
  });
}

/** The entities and actions the trail holds, for the search's pickers. */
export function useAuditFacets() {
  return useQuery({
    queryKey: auditFacetKeys.lists(),
    queryFn: (ctx) => auditApi.facets({ signal: ctx.signal, background: isRefetch(ctx) }),
    staleTime: 5 * 60_000,
  });
}

/** The newest chain check in the trail: who ran it, when, and what it found. */
export function useLastChainCheck() {
  const request = {
    page: 1,
    sizePerPage: 1,
    sortOrder: 'desc',
    filters: { action: AUDIT_ACTIONS.verified },
  } as const;
  return useQuery({
    queryKey: auditKeys.list(request),
    queryFn: (ctx) => auditApi.search(request, { signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => {
      const row = reply.rows[0];
      return row ? { at: row.at, actorName: row.actorName, result: row.after as AuditVerifyResult } : null;
    },
  });
}

/** Checks the whole chain now (SYSOP); the check is itself a row of the trail. */
export function useVerifyChain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => auditApi.verify(),
    onSettled: () => client.invalidateQueries({ queryKey: auditKeys.lists() }),
  });
}

/** Who opened which of a client's documents, newest first. */
export function useDocumentViews(userId: string) {
  return useQuery({
    queryKey: documentViewKeys.detail(userId),
    queryFn: (ctx) => auditApi.documentViews(userId, { signal: ctx.signal, background: isRefetch(ctx) }),
  });
}

/** Live staff sessions (SYSOP), refreshed in the background while the screen is open. */
export function useStaffSessions(enabled: boolean) {
  return useQuery({
    queryKey: staffSessionKeys.lists(),
    queryFn: (ctx) => auditApi.sessions({ signal: ctx.signal, background: isRefetch(ctx) }),
    refetchInterval: SESSIONS_REFRESH_MS,
    enabled,
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => auditApi.endSession(sessionId),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: staffSessionKeys.all }),
        client.invalidateQueries({ queryKey: auditKeys.lists() }),
      ]),
  });
}
