import { defineCall } from '../../call.ts';
import { addIbCodeRequest, ibCodeResponse } from '../../partners.ts';

/** Adds an introducer with its agent code (docs/product.md [calls.partners]). */
export const addIbCode = defineCall({
  summary: 'Adds an introducer with its agent code.',
  method: 'POST',
  path: '/api/admin/users/adminAddIbCode',
  access: 'staff',
  body: addIbCodeRequest,
  response: ibCodeResponse,
});
