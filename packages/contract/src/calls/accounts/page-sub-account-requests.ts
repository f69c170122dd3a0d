import { defineCall } from '../../call.ts';
import { subAccountListParams, subAccountListResponse, subAccountPageRequest } from '../../accounts.ts';

/**
 * One server page of the sub-account requests: page, size, sort and filters (polled every 5 s,
 * docs/product.md [const.polling]).
 */
export const pageSubAccountRequests = defineCall({
  summary: 'Reads one page of the sub-account requests, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/accounts/adminGetSubAccountRequests/paginated/:live/:status',
  access: 'staff',
  background: true,
  params: subAccountListParams,
  body: subAccountPageRequest,
  response: subAccountListResponse,
});
