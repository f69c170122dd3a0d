import { defineCall } from '../../call.ts';
import { leverageListParams, leverageListResponse, leveragePageRequest } from '../../accounts.ts';

/**
 * One server page of the leverage changes of a status: page, size, sort and filters
 * (docs/product.md [screen.leverage-requests]).
 */
export const pageLeverageRequests = defineCall({
  summary: 'Reads one page of the leverage change requests of a status, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/accounts/adminGetLeverageRequests/paginated/:status',
  access: 'staff',
  params: leverageListParams,
  body: leveragePageRequest,
  response: leverageListResponse,
});
