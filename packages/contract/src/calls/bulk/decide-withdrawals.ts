import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on the withdrawal list, card-provider ones included (path ours). */
export const decideWithdrawals = defineCall({
  summary: 'Approves or rejects several withdrawals at once.',
  method: 'POST',
  path: '/api/admin/accounts/adminBulkWithdrawals',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
