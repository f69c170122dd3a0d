import { defineCall } from '../../call.ts';
import { ibRequestsPageRequest, ibRequestsResponse } from '../../partners.ts';

/**
 * One server page of IB requests (docs/product.md [screen.ib-requests]): the paged form of the list above,
 * used by the screen.
 */
export const pageIbRequests = defineCall({
  summary: 'Reads one page of IB requests, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/users/adminGetIbRequests/paginated',
  access: 'staff',
  body: ibRequestsPageRequest,
  response: ibRequestsResponse,
});
