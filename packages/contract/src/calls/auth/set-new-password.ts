import { defineCall } from '../../call.ts';
import { newPasswordRequest, newPasswordResponse } from '../../auth.ts';

/** Sets a new password with the id of a reset link (SPEC 7.1). */
export const setNewPassword = defineCall({
  summary: 'Sets a new password from a reset link.',
  method: 'POST',
  path: '/api/users/newPassword',
  access: 'public',
  body: newPasswordRequest,
  response: newPasswordResponse,
});
