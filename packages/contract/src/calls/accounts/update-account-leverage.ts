import { defineCall } from '../../call.ts';
import { accountActionResponse, updateLeverageRequest } from '../../accounts.ts';

/** The leverage change modal's save: its status and comment (docs/product.md [calls.accounts-funding]). */
export const updateAccountLeverage = defineCall({
  summary: "Saves a leverage change request's status and comment.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateAccountLeverage',
  access: 'staff',
  body: updateLeverageRequest,
  response: accountActionResponse,
});
