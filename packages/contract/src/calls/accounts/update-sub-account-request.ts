import { defineCall } from '../../call.ts';
import {
  accountActionResponse,
  updateSubAccountRequest as updateSubAccountRequestBody,
} from '../../accounts.ts';

/**
 * The sub-account request modal's decision: approving opens the account on the platform
 * (docs/product.md [screen.sub-account-requests]).
 */
export const updateSubAccountRequest = defineCall({
  summary: 'Decides a sub-account request; approving opens the account on the trading platform.',
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateSubAccountRequest',
  access: 'staff',
  body: updateSubAccountRequestBody,
  response: accountActionResponse,
});
