import { defineCall } from '../../call.ts';
import { listPageQuery } from '../../accounts.ts';
import { ibRequestsResponse } from '../../partners.ts';

/**
 * The IB requests list of docs/product.md [calls.partners]: the first page, or ?page=&sizePerPage=, in the
 * default order.
 */
export const listIbRequests = defineCall({
  summary: 'Lists the IB requests, a page at a time.',
  method: 'GET',
  path: '/api/admin/users/adminGetIbRequests',
  access: 'staff',
  query: listPageQuery,
  response: ibRequestsResponse,
});
