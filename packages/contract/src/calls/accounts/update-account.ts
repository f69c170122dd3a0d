import { defineCall } from '../../call.ts';
import { updateAccountRequest, updateAccountResponse } from '../../accounts.ts';

/**
 * The account details modal's save: a trading account's group, type, leverage or password
 * (docs/product.md [calls.accounts-funding]).
 */
export const updateAccount = defineCall({
  summary: "Changes a trading account's group, type, leverage or password.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateAccount',
  access: 'staff',
  actsOn: ['userId'],
  body: updateAccountRequest,
  response: updateAccountResponse,
});
