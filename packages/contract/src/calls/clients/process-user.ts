import { defineCall } from '../../call.ts';
import { processUserRequest, processUserResponse } from '../../clients.ts';

/**
 * Approves, rejects or returns to pending a client's application (docs/product.md [calls.clients]
 * processUser).
 */
export const processUser = defineCall({
  summary: "Approves, rejects or returns to pending a client's application.",
  method: 'POST',
  path: '/api/admin/users/processUser',
  access: 'staff',
  actsOn: ['userId'],
  body: processUserRequest,
  response: processUserResponse,
});
