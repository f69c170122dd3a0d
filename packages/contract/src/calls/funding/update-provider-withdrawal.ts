import { defineCall } from '../../call.ts';
import { fundingActionResponse, updateWithdrawalRequest } from '../../funding.ts';

/**
 * The update modal's save for a card-provider withdrawal (docs/product.md [calls.accounts-funding]): refuses
 * any other withdrawal.
 */
export const updateProviderWithdrawal = defineCall({
  summary: "Saves a card-provider withdrawal's status, comment and deal amount.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateProviderWithdrawal',
  access: 'staff',
  body: updateWithdrawalRequest,
  response: fundingActionResponse,
});
