import { defineCall } from '../../call.ts';
import { loginConfirmRequest, loginConfirmResponse } from '../../auth.ts';

/**
 * Sign-in, second step (docs/product.md [calls.sign-in]): the ticket and the emailed code give the session's
 * token.
 */
export const confirmLogin = defineCall({
  summary: 'Signs a staff member in, second step: the mailed code opens a session.',
  method: 'POST',
  path: '/api/users/loginConfirm',
  access: 'public',
  body: loginConfirmRequest,
  response: loginConfirmResponse,
});
