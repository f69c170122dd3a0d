import { defineCall } from '../../call.ts';
import { ibRequestParams, ibRequestResponse } from '../../partners.ts';

/** One IB request by id with its client (path ours): a deep link to a request not on the list's page. */
export const getIbRequest = defineCall({
  summary: 'Reads one IB request with its client.',
  method: 'GET',
  path: '/api/admin/users/adminGetIbRequest/:id',
  access: 'staff',
  params: ibRequestParams,
  response: ibRequestResponse,
});
