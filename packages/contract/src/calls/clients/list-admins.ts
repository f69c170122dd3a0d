import { defineCall } from '../../call.ts';
import { adminsResponse } from '../../clients.ts';

/** The staff a client can be assigned to (docs/product.md [calls.clients] getAdmins). */
export const listAdmins = defineCall({
  summary: 'Lists the staff members a client can be assigned to.',
  method: 'GET',
  path: '/api/admin/users/getAdmins',
  access: 'staff',
  response: adminsResponse,
});
