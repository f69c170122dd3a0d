import { defineCall } from '../../call.ts';
import { logoutResponse } from '../../auth.ts';

/** Logout (docs/product.md [state.logout]): ends the session on the server. */
export const logout = defineCall({
  summary: 'Signs out: ends the session on the server.',
  method: 'POST',
  path: '/api/users/logout',
  access: 'staff',
  response: logoutResponse,
});
