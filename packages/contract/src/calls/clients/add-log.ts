import { defineCall } from '../../call.ts';
import { addLogRequest, successResponse } from '../../clients.ts';

/**
 * The client log card's Add: a note by this staff member on the client's log
 * (docs/product.md [calls.clients]).
 */
export const addLog = defineCall({
  summary: "Adds a staff note to a client's log.",
  method: 'POST',
  path: '/api/admin/users/addLog',
  access: 'staff',
  actsOn: ['userId'],
  body: addLogRequest,
  response: successResponse,
});
