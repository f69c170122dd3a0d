import { defineCall } from '../../call.ts';
import { endSessionRequest, endSessionResponse } from '../../audit.ts';

/** Ends another staff member's session now (SYSOP only). */
export const endSession = defineCall({
  summary: "Ends another staff member's session now (SYSOP only).",
  method: 'POST',
  path: '/api/admin/sessions/end',
  access: 'sysop',
  body: endSessionRequest,
  response: endSessionResponse,
});
