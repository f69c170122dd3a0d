import { defineCall } from '../../call.ts';
import { agentCodeParams, generatedCodesResponse } from '../../partners.ts';

/** The referral codes generated for one introducer, by agent code (SPEC 2.13). */
export const listGeneratedCodes = defineCall({
  summary: 'Lists the referral codes generated for an introducer.',
  method: 'GET',
  path: '/api/admin/users/adminGetGeneratedCodes/:agentCode',
  access: 'staff',
  params: agentCodeParams,
  response: generatedCodesResponse,
});
