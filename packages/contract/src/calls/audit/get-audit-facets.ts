import { defineCall } from '../../call.ts';
import { auditFacetsResponse } from '../../audit.ts';

/** Every entity and action the trail holds, for the audit screen's filters. */
export const getAuditFacets = defineCall({
  summary: 'Lists every entity and action in the audit trail, for its filters.',
  method: 'GET',
  path: '/api/admin/audit/facets',
  access: 'staff',
  response: auditFacetsResponse,
});
