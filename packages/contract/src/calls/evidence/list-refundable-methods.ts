import { defineCall } from '../../call.ts';
import { refundableMethodsResponse } from '../../evidence.ts';

/** Which deposit methods take refunds (docs/product.md [call.listRefundableMethods]). */
export const listRefundableMethods = defineCall({
  summary: 'Lists the deposit methods and whether each takes refunds.',
  method: 'GET',
  path: '/api/admin/evidence/refundable-methods',
  access: 'staff',
  response: refundableMethodsResponse,
});
