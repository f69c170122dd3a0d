import { defineCall } from '../../call.ts';
import { accountActionResponse, processLeverageRequest } from '../../accounts.ts';

/**
 * Approve (and set the leverage on the platform) or reject a leverage change
 * (docs/product.md [calls.accounts-funding]).
 */
export const processLeverageUpdate = defineCall({
  summary: 'Approves a leverage change and sets it on the trading platform, or rejects it.',
  method: 'POST',
  path: '/api/admin/accounts/adminProcessLeverageUpdate',
  access: 'staff',
  body: processLeverageRequest,
  response: accountActionResponse,
});
