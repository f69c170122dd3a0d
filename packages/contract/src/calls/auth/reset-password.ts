import { defineCall } from '../../call.ts';
import { resetPasswordRequest, resetPasswordResponse } from '../../auth.ts';

/**
 * Forgot password (docs/product.md [calls.sign-in]): emails a reset link when the address belongs to a staff
 * member.
 */
export const resetPassword = defineCall({
  summary: 'Mails a password reset link to a staff member.',
  method: 'POST',
  path: '/api/users/resetPassword',
  access: 'public',
  body: resetPasswordRequest,
  response: resetPasswordResponse,
});
