import { defineCall } from '../../call.ts';
import { fundingActionResponse, updateTransferRequest } from '../../funding.ts';

/** The internal transfer update modal's save (docs/product.md [screen.transfers], [states]). */
export const updateTransfer = defineCall({
  summary: "Saves an internal transfer's status and comment.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateTransfer',
  access: 'staff',
  body: updateTransferRequest,
  response: fundingActionResponse,
});
