import { defineCall } from '../../call.ts';
import { passwordCheckRequest, passwordCheckResponse } from '../../accounts.ts';

/**
 * How the last password change of a trading account on the platform went
 * (docs/product.md [calls.accounts-funding]).
 */
export const checkAccountPasswordChange = defineCall({
  summary: 'Tells how the last password change of a trading account on the platform went.',
  method: 'POST',
  path: '/api/admin/accounts/adminCheckAccountPasswordChangeStatus',
  access: 'staff',
  body: passwordCheckRequest,
  response: passwordCheckResponse,
});
