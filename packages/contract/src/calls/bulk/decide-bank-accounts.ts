import { defineCall } from '../../call.ts';
import { bulkRequest, bulkResponse } from '../../bulk.ts';

/** Bulk Approve / Reject on Bank verification's Pending tab (path ours). */
export const decideBankAccounts = defineCall({
  summary: 'Approves or rejects several pending bank accounts at once.',
  method: 'POST',
  path: '/api/admin/accounts/adminBulkBankAccounts',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});
