import {
  auditFacetsResponse,
  auditSearchResponse,
  auditVerifyResponse,
  documentViewsResponse,
  endSessionResponse,
  staffSessionsResponse,
  type AuditFilters,
  type AuditSearchRequest,
} from '@brokerdesk/contract';
import { api, type RequestOptions } from '../../shared/api.ts';

const enc = encodeURIComponent;

/** The audit trail, document views and staff sessions, typed by the contract. */
export const auditApi = {
  search: (body: AuditSearchRequest, options?: RequestOptions) =>
    api.post('/api/admin/audit/search', auditSearchResponse, body, options),
  facets: (options?: RequestOptions) => api.get('/api/admin/audit/facets', auditFacetsResponse, options),
  verify: () => api.post('/api/admin/audit/verify', auditVerifyResponse),
  documentViews: (userId: string, options?: RequestOptions) =>
    api.get(`/api/admin/users/documentViews/${enc(userId)}`, documentViewsResponse, options),
  sessions: (options?: RequestOptions) => api.get('/api/admin/sessions', staffSessionsResponse, options),
  endSession: (sessionId: string) => api.post('/api/admin/sessions/end', endSessionResponse, { sessionId }),
};

/** The export call's address for the current filters (empty ones left out), oldest row first. */
export function auditExportPath(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  query.set('sortOrder', 'asc');
  return `/api/admin/audit/export.csv?${query.toString()}`;
}
