import { defineCall } from '../../call.ts';
import { fundingActionResponse, processWithdrawalRequest } from '../../funding.ts';

/**
 * Approve for a card-provider withdrawal (docs/product.md [calls.accounts-funding]): refuses any other
 * withdrawal.
 */
export const processProviderWithdrawal = defineCall({
  summary: 'Approves a card-provider withdrawal.',
  method: 'POST',
  path: '/api/admin/accounts/adminProcessProviderWithdrawal',
  access: 'staff',
  body: processWithdrawalRequest,
  response: fundingActionResponse,
});
