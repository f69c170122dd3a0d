import { defineCall } from '../../call.ts';
import { fundingActionResponse, processTransferRequest } from '../../funding.ts';

/** The internal transfer list's Approve: approve and move the money (docs/product.md [screen.transfers]). */
export const processTransfer = defineCall({
  summary: 'Approves an internal transfer and moves the money between the accounts.',
  method: 'POST',
  path: '/api/admin/accounts/adminProcessTransfer',
  access: 'staff',
  body: processTransferRequest,
  response: fundingActionResponse,
});
