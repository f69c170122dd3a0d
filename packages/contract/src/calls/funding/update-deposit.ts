import { defineCall } from '../../call.ts';
import { fundingActionResponse, updateDepositRequest } from '../../funding.ts';

/**
 * The deposit update modal's save: status, comment, deal amount (docs/product.md [screen.deposits],
 * [states]).
 */
export const updateDeposit = defineCall({
  summary: "Saves a deposit's status, comment and deal amount.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateDeposit',
  access: 'staff',
  body: updateDepositRequest,
  response: fundingActionResponse,
});
