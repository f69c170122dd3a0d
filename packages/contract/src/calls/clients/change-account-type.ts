import { defineCall } from '../../call.ts';
import { changeAccountTypeRequest, successResponse } from '../../clients.ts';

/** Turns a client into a partner (IB) or back (docs/product.md [calls.clients] changeUserAccountType). */
export const changeAccountType = defineCall({
  summary: 'Turns a client into a partner (IB) or back.',
  method: 'POST',
  path: '/api/admin/users/changeUserAccountType',
  access: 'staff',
  actsOn: ['userData', '_id'],
  body: changeAccountTypeRequest,
  response: successResponse,
});
