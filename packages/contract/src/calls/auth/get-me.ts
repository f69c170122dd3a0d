import { defineCall } from '../../call.ts';
import { sessionUserSchema } from '../../auth.ts';

/** The signed-in staff member, for the header. */
export const getMe = defineCall({
  summary: 'Reads the signed-in staff member.',
  method: 'GET',
  path: '/api/users/me',
  access: 'staff',
  response: sessionUserSchema,
});
