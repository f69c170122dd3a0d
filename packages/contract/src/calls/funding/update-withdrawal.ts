import { defineCall } from '../../call.ts';
import { fundingActionResponse, updateWithdrawalRequest } from '../../funding.ts';

/** The withdrawal update modal's save (SPEC 2.15, 4); card-provider withdrawals use the provider call. */
export const updateWithdrawal = defineCall({
  summary: "Saves a withdrawal's status, comment and deal amount.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateWithdrawal',
  access: 'staff',
  body: updateWithdrawalRequest,
  response: fundingActionResponse,
});
