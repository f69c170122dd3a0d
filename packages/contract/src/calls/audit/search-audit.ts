import { defineCall } from '../../call.ts';
import { auditSearchRequest, auditSearchResponse } from '../../audit.ts';

/** One server page of the audit trail, filtered and sorted. */
export const searchAudit = defineCall({
  summary: 'Reads one page of the audit trail, filtered and sorted.',
  method: 'POST',
  path: '/api/admin/audit/search',
  access: 'staff',
  body: auditSearchRequest,
  response: auditSearchResponse,
});
