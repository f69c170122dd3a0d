import { defineCall } from '../../call.ts';
import { newPasswordRequest, newPasswordResponse } from '../../auth.ts';

/** Sets a new password with the id of a reset link (docs/product.md [calls.sign-in]). */
export const setNewPassword = defineCall({
  summary: 'Sets a new password from a reset link.',
  method: 'POST',
  path: '/api/users/newPassword',
  access: 'public',
  body: newPasswordRequest,
  response: newPasswordResponse,
});
