import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on IB Requests, a comment either way (issue 20; path ours). */
export const decideIbRequests = defineCall({
  method: 'POST',
  path: '/api/admin/users/adminBulkIbRequests',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
