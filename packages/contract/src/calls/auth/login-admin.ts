import { defineCall } from '../../call.ts';
import { loginAdminRequest, loginAdminResponse } from '../../auth.ts';

/**
 * Sign-in, first step (docs/product.md [calls.sign-in]): email and password; a code is emailed and a sign-in
 * ticket returned.
 */
export const loginAdmin = defineCall({
  summary: 'Signs a staff member in, first step: checks the email and password and mails a sign-in code.',
  method: 'POST',
  path: '/api/users/loginAdmin',
  access: 'public',
  body: loginAdminRequest,
  response: loginAdminResponse,
});
