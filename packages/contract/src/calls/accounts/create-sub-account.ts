import { defineCall } from '../../call.ts';
import { createSubAccountRequest, createSubAccountResponse } from '../../accounts.ts';

/** + ADD on the profile: staff open a trading account for a client at once (SPEC 7.4). */
export const createSubAccount = defineCall({
  method: 'POST',
  path: '/api/admin/accounts/adminCreateSubAccount',
  access: 'staff',
  actsOn: ['userId'],
  body: createSubAccountRequest,
  response: createSubAccountResponse,
});
