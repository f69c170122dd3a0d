import { defineCall } from '../../call.ts';
import { generateCodesRequest, generateCodesResponse } from '../../partners.ts';

/** Generates referral codes for an introducer (docs/product.md [screen.ib-codes], [calls.partners]). */
export const generateCodes = defineCall({
  summary: 'Generates referral codes for an introducer.',
  method: 'POST',
  path: '/api/admin/users/adminGenerateCodes',
  access: 'staff',
  body: generateCodesRequest,
  response: generateCodesResponse,
});
