import { defineCall } from '../../call.ts';
import { fundingListRequest, fundingListResponse } from '../../funding.ts';

/**
 * One server page of the deposit, withdrawal or internal transfer lists (docs/product.md [screen.transfers],
 * [screen.withdrawals], [screen.deposits]; path ours).
 */
export const listFundingRequests = defineCall({
  summary: 'Reads one page of the deposits, withdrawals or internal transfers, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/accounts/adminGetRequests/paginated',
  access: 'staff',
  body: fundingListRequest,
  response: fundingListResponse,
});
