import { defineCall } from '../../call.ts';
import { listPageQuery } from '../../accounts.ts';
import { ibCodesResponse } from '../../partners.ts';

/** SPEC 7.3's IB codes list: the first page of introducers, or ?page=&sizePerPage=, in the default order. */
export const listIbCodes = defineCall({
  summary: 'Lists the introducers, a page at a time.',
  method: 'GET',
  path: '/api/admin/users/adminGetIbCodes',
  access: 'staff',
  query: listPageQuery,
  response: ibCodesResponse,
});
