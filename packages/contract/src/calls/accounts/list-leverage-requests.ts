import { defineCall } from '../../call.ts';
import { leverageListParams, leverageListResponse, listPageQuery } from '../../accounts.ts';

/**
 * The leverage changes of a status: the first page, or any page by ?page=&sizePerPage=
 * (docs/product.md [calls.accounts-funding]).
 */
export const listLeverageRequests = defineCall({
  summary: 'Lists the leverage change requests of one status, a page at a time.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetLeverageRequests/:status',
  access: 'staff',
  params: leverageListParams,
  query: listPageQuery,
  response: leverageListResponse,
});
