import { defineCall } from '../../call.ts';
import { listPageQuery } from '../../accounts.ts';
import { ibCodesResponse } from '../../partners.ts';

/**
 * The IB codes list of docs/product.md [calls.partners]: the first page of introducers, or
 * ?page=&sizePerPage=, in the default order.
 */
export const listIbCodes = defineCall({
  summary: 'Lists the introducers, a page at a time.',
  method: 'GET',
  path: '/api/admin/users/adminGetIbCodes',
  access: 'staff',
  query: listPageQuery,
  response: ibCodesResponse,
});
