import { defineCall } from '../../call.ts';
import { accountsIdParams, leverageRequestResponse } from '../../accounts.ts';

/** One leverage change by id (path ours): a deep link to a change not on the list's page. */
export const getLeverageRequest = defineCall({
  summary: 'Reads one leverage change request.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetLeverageRequest/:id',
  access: 'staff',
  params: accountsIdParams,
  response: leverageRequestResponse,
});
