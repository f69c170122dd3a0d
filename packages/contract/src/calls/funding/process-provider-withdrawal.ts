import { defineCall } from '../../call.ts';
import { fundingActionResponse, processWithdrawalRequest } from '../../funding.ts';

/** Approve for a card-provider withdrawal (SPEC 7.4): refuses any other withdrawal. */
export const processProviderWithdrawal = defineCall({
  summary: 'Approves a card-provider withdrawal.',
  method: 'POST',
  path: '/api/admin/accounts/adminProcessProviderWithdrawal',
  access: 'staff',
  body: processWithdrawalRequest,
  response: fundingActionResponse,
});
