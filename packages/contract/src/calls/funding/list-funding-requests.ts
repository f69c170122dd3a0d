import { defineCall } from '../../call.ts';
import { fundingListRequest, fundingListResponse } from '../../funding.ts';

/** One server page of the deposit, withdrawal or internal transfer lists (SPEC 2.14-2.16; path ours). */
export const listFundingRequests = defineCall({
  summary: 'Reads one page of the deposits, withdrawals or internal transfers, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/accounts/adminGetRequests/paginated',
  access: 'staff',
  body: fundingListRequest,
  response: fundingListResponse,
});
