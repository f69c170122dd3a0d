import { defineCall } from '../../call.ts';
import { fundingActionResponse, processWithdrawalRequest } from '../../funding.ts';

/** The withdrawal list's Approve: approve and debit the account (docs/product.md [screen.withdrawals]). */
export const processWithdrawal = defineCall({
  summary: 'Approves a withdrawal and debits the account on the trading platform.',
  method: 'POST',
  path: '/api/admin/accounts/adminProcessWithdrawal',
  access: 'staff',
  body: processWithdrawalRequest,
  response: fundingActionResponse,
});
