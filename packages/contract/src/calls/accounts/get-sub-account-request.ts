import { defineCall } from '../../call.ts';
import { accountsIdParams, subAccountRequestResponse } from '../../accounts.ts';

/** One sub-account request by id (path ours): a deep link to a request not on the list's page. */
export const getSubAccountRequest = defineCall({
  summary: 'Reads one sub-account request with its client.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetSubAccountRequest/:id',
  access: 'staff',
  params: accountsIdParams,
  response: subAccountRequestResponse,
});
