import { defineCall } from '../../call.ts';
import { listPageQuery, subAccountListParams, subAccountListResponse } from '../../accounts.ts';

/**
 * The sub-account request list (docs/product.md [calls.accounts-funding], path ours): the first page, or any
 * page by ?page=&sizePerPage=.
 */
export const listSubAccountRequests = defineCall({
  summary: 'Lists the sub-account requests, a page at a time.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetSubAccountRequests/:live/:status',
  access: 'staff',
  background: true,
  params: subAccountListParams,
  query: listPageQuery,
  response: subAccountListResponse,
});
