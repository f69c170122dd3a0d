import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on the deposit list (path ours). */
export const decideDeposits = defineCall({
  summary: 'Approves or rejects several deposits at once.',
  method: 'POST',
  path: '/api/admin/accounts/adminBulkDeposits',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
