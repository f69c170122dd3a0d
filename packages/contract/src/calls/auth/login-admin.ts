import { defineCall } from '../../call.ts';
import { loginAdminRequest, loginAdminResponse } from '../../auth.ts';

/** Sign-in, first step (SPEC 7.1): email and password; a code is emailed and a sign-in ticket returned. */
export const loginAdmin = defineCall({
  method: 'POST',
  path: '/api/users/loginAdmin',
  access: 'public',
  body: loginAdminRequest,
  response: loginAdminResponse,
});
