import { defineCall } from '../../call.ts';
import { leverageListParams, leverageListResponse, listPageQuery } from '../../accounts.ts';

/** The leverage changes of a status: the first page, or any page by ?page=&sizePerPage= (SPEC 7.4). */
export const listLeverageRequests = defineCall({
  method: 'GET',
  path: '/api/admin/accounts/adminGetLeverageRequests/:status',
  access: 'staff',
  params: leverageListParams,
  query: listPageQuery,
  response: leverageListResponse,
});
