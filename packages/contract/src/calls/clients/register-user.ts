import { defineCall } from '../../call.ts';
import { registerUserRequest, registerUserResponse } from '../../clients.ts';

/** The Register user form: a new client (docs/product.md [calls.clients]). */
export const registerUser = defineCall({
  summary: 'Registers a new client.',
  method: 'POST',
  path: '/api/admin/users/register',
  access: 'staff',
  body: registerUserRequest,
  response: registerUserResponse,
});
