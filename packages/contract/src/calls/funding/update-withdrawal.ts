import { defineCall } from '../../call.ts';
import { fundingActionResponse, updateWithdrawalRequest } from '../../funding.ts';

/** The withdrawal update modal's save (SPEC 2.15, 4); card-provider withdrawals use the provider call. */
export const updateWithdrawal = defineCall({
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateWithdrawal',
  access: 'staff',
  body: updateWithdrawalRequest,
  response: fundingActionResponse,
});
