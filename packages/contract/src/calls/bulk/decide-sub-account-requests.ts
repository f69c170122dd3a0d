import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on New Sub Account Requests (path ours). */
export const decideSubAccountRequests = defineCall({
  summary: 'Approves or rejects several sub-account requests at once.',
  method: 'POST',
  path: '/api/admin/accounts/adminBulkSubAccountRequests',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
