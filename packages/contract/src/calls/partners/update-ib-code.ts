import { defineCall } from '../../call.ts';
import { ibCodeResponse, updateIbCodeRequest } from '../../partners.ts';

/**
 * "The same update function" (docs/product.md [calls.partners]): newCode true adds an introducer, false
 * renames one.
 */
export const updateIbCode = defineCall({
  summary: 'Adds an introducer or changes its agent code.',
  method: 'POST',
  path: '/api/admin/users/adminUpdateIbCode',
  access: 'staff',
  body: updateIbCodeRequest,
  response: ibCodeResponse,
});
