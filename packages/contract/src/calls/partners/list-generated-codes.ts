import { defineCall } from '../../call.ts';
import { agentCodeParams, generatedCodesResponse } from '../../partners.ts';

/** The referral codes generated for one introducer, by agent code (docs/product.md [screen.ib-codes]). */
export const listGeneratedCodes = defineCall({
  summary: 'Lists the referral codes generated for an introducer.',
  method: 'GET',
  path: '/api/admin/users/adminGetGeneratedCodes/:agentCode',
  access: 'staff',
  params: agentCodeParams,
  response: generatedCodesResponse,
});
