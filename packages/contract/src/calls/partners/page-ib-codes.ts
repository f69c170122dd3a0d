import { defineCall } from '../../call.ts';
import { ibCodesPageRequest, ibCodesResponse } from '../../partners.ts';

/**
 * One server page of introducers with their counters (docs/product.md [screen.ib-codes]): the paged form,
 * used by the screen.
 */
export const pageIbCodes = defineCall({
  summary: 'Reads one page of introducers with their counters, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/users/adminGetIbCodes/paginated',
  access: 'staff',
  body: ibCodesPageRequest,
  response: ibCodesResponse,
});
