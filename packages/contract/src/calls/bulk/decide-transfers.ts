import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on the internal transfer list (path ours). */
export const decideTransfers = defineCall({
  summary: 'Approves or rejects several internal transfers at once.',
  method: 'POST',
  path: '/api/admin/accounts/adminBulkTransfers',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
