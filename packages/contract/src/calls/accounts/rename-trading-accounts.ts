import { defineCall } from '../../call.ts';
import { accountActionResponse, changeAccountNamesRequest } from '../../accounts.ts';

/**
 * Renames a client's trading accounts on the platform after their name changed
 * (docs/product.md [calls.accounts-funding]).
 */
export const renameTradingAccounts = defineCall({
  summary: "Renames a client's trading accounts on the platform after their name changed.",
  method: 'POST',
  path: '/api/admin/accounts/changeTradingAccountNames',
  access: 'staff',
  actsOn: ['userData', '_id'],
  body: changeAccountNamesRequest,
  response: accountActionResponse,
});
