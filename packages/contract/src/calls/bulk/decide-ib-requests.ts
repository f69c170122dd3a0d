import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on IB Requests, a comment either way (path ours). */
export const decideIbRequests = defineCall({
  summary: 'Approves or rejects several IB requests at once, with a comment.',
  method: 'POST',
  path: '/api/admin/users/adminBulkIbRequests',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
