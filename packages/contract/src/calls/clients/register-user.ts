import { defineCall } from '../../call.ts';
import { registerUserRequest, registerUserResponse } from '../../clients.ts';

/** The Register user form: a new client (SPEC 7.2). */
export const registerUser = defineCall({
  summary: 'Registers a new client.',
  method: 'POST',
  path: '/api/admin/users/register',
  access: 'staff',
  body: registerUserRequest,
  response: registerUserResponse,
});
