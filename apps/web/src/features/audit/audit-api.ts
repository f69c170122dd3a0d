import { calls, urlOf, type AuditFilters, type AuditSearchRequest } from '@brokerdesk/contract';
import { call, type RequestOptions } from '../../shared/api.ts';

/** The audit trail, document views and staff sessions, typed by the contract. */
export const auditApi = {
  search: (body: AuditSearchRequest, options?: RequestOptions) =>
    call(calls.audit.searchAudit, { body }, options),
  facets: (options?: RequestOptions) => call(calls.audit.getAuditFacets, {}, options),
  verify: () => call(calls.audit.verifyAudit),
  documentViews: (userId: string, options?: RequestOptions) =>
    call(calls.audit.listDocumentViews, { params: { userId } }, options),
  sessions: (options?: RequestOptions) => call(calls.audit.listSessions, {}, options),
  endSession: (sessionId: string) => call(calls.audit.endSession, { body: { sessionId } }),
};

/** The export call's address for the current filters (empty ones left out), oldest row first. */
export function auditExportPath(filters: AuditFilters): string {
  return urlOf(calls.audit.exportAudit, { query: { ...filters, sortOrder: 'asc' } });
}
