import { defineCall } from '../../call.ts';
import { fundingActionResponse, processDepositRequest } from '../../funding.ts';

/**
 * The deposit list's Approve: approve and credit the account (four-eyes may hold it;
 * docs/product.md [screen.deposits]).
 */
export const processDeposit = defineCall({
  summary: 'Approves a deposit and credits the account on the trading platform.',
  method: 'POST',
  path: '/api/admin/accounts/adminProcessDeposit',
  access: 'staff',
  body: processDepositRequest,
  response: fundingActionResponse,
});
