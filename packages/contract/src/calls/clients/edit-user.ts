import { defineCall } from '../../call.ts';
import { editUserRequest, editUserResponse } from '../../clients.ts';

/** The profile's Edit form: a client's details (docs/product.md [calls.clients]). */
export const editUser = defineCall({
  summary: "Saves a client's details from the profile's Edit form.",
  method: 'POST',
  path: '/api/admin/users/editUser',
  access: 'staff',
  actsOn: ['_id'],
  body: editUserRequest,
  response: editUserResponse,
});
