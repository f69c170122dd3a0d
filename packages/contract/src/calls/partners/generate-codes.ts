import { defineCall } from '../../call.ts';
import { generateCodesRequest, generateCodesResponse } from '../../partners.ts';

/** Generates referral codes for an introducer (SPEC 2.13, 7.3). */
export const generateCodes = defineCall({
  summary: 'Generates referral codes for an introducer.',
  method: 'POST',
  path: '/api/admin/users/adminGenerateCodes',
  access: 'staff',
  body: generateCodesRequest,
  response: generateCodesResponse,
});
