import { defineCall } from '../../call.ts';
import { createSubAccountRequest, createSubAccountResponse } from '../../accounts.ts';

/**
 * + ADD on the profile: staff open a trading account for a client at once
 *   (docs/product.md [calls.accounts-funding]).
 */
export const createSubAccount = defineCall({
  summary: 'Opens a new trading account for a client on the trading platform.',
  method: 'POST',
  path: '/api/admin/accounts/adminCreateSubAccount',
  access: 'staff',
  actsOn: ['userId'],
  body: createSubAccountRequest,
  response: createSubAccountResponse,
});
