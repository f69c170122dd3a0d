import { defineCall } from '../../call.ts';
import { logoutResponse } from '../../auth.ts';

/** Logout (SPEC 4): ends the session on the server. */
export const logout = defineCall({
  summary: 'Signs out: ends the session on the server.',
  method: 'POST',
  path: '/api/users/logout',
  access: 'staff',
  response: logoutResponse,
});
