import { defineCall } from '../../call.ts';
import { fundingHistoryParams, fundingHistoryRequest, fundingListResponse } from '../../funding.ts';

/**
 * A client's funding history on the profile (docs/product.md [screen.profile]): one type, approved only or
 * every status.
 */
export const pageClientFundingHistory = defineCall({
  summary: "Reads one page of a client's funding history.",
  method: 'POST',
  path: '/api/admin/accounts/adminGetFundingRequests/paginated/:userId/:type/:approved',
  access: 'staff',
  actsOnParam: 'userId',
  params: fundingHistoryParams,
  body: fundingHistoryRequest,
  response: fundingListResponse,
});
