import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on Change leverage requests (issue 20; path ours). */
export const decideLeverageRequests = defineCall({
  method: 'POST',
  path: '/api/admin/accounts/adminBulkLeverageRequests',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
