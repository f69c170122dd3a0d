import { defineCall } from '../../call.ts';
import { setRefundableMethodRequest, setRefundableMethodResponse } from '../../evidence.ts';

/** Sets whether a deposit method takes refunds (SYSOP; docs/product.md [call.setRefundableMethod]). */
export const setRefundableMethod = defineCall({
  summary: 'Sets whether a deposit method takes refunds (SYSOP only).',
  method: 'POST',
  path: '/api/admin/evidence/refundable-methods',
  access: 'sysop',
  body: setRefundableMethodRequest,
  response: setRefundableMethodResponse,
});
