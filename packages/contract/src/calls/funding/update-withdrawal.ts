import { defineCall } from '../../call.ts';
import { fundingActionResponse, updateWithdrawalRequest } from '../../funding.ts';

/**
 * The withdrawal update modal's save (docs/product.md [screen.withdrawals], [state.provider-withdrawal]);
 * card-provider withdrawals use the provider call.
 */
export const updateWithdrawal = defineCall({
  summary: "Saves a withdrawal's status, comment and deal amount.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateWithdrawal',
  access: 'staff',
  body: updateWithdrawalRequest,
  response: fundingActionResponse,
});
