import { defineCall } from '../../call.ts';
import { fundingActionResponse, updateTransferRequest } from '../../funding.ts';

/** The internal transfer update modal's save (SPEC 2.14, 4). */
export const updateTransfer = defineCall({
  summary: "Saves an internal transfer's status and comment.",
  method: 'POST',
  path: '/api/admin/accounts/adminUpdateTransfer',
  access: 'staff',
  body: updateTransferRequest,
  response: fundingActionResponse,
});
