import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on Change leverage requests (path ours). */
export const decideLeverageRequests = defineCall({
  summary: 'Approves or rejects several leverage change requests at once.',
  method: 'POST',
  path: '/api/admin/accounts/adminBulkLeverageRequests',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
