import { defineCall } from '../../call.ts';
import { accountsIdParams, tradingAccountResponse } from '../../accounts.ts';

/** One trading account by id with its client (path ours): a deep link to an account not on the list's page. */
export const getAccount = defineCall({
  summary: 'Reads one trading account with its client.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetAccount/:id',
  access: 'staff',
  params: accountsIdParams,
  response: tradingAccountResponse,
});
