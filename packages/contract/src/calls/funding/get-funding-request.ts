import { defineCall } from '../../call.ts';
import { fundingRequestParams, fundingRequestResponse } from '../../funding.ts';

/** One request by id, as its list shows it: a deep link to its update modal (path ours). */
export const getFundingRequest = defineCall({
  summary: 'Reads one deposit, withdrawal or internal transfer.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetRequest/:type/:id',
  access: 'staff',
  params: fundingRequestParams,
  response: fundingRequestResponse,
});
