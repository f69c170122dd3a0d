import { defineCall } from '../../call.ts';
import { processIbRequestRequest, processIbRequestResponse } from '../../partners.ts';

/** Approves or rejects one IB request (SPEC 2.12, 7.3); acts on the requesting client. */
export const processIbRequest = defineCall({
  summary: 'Approves or rejects an IB request.',
  method: 'POST',
  path: '/api/admin/users/processIbRequest',
  access: 'staff',
  actsOn: ['userId'],
  body: processIbRequestRequest,
  response: processIbRequestResponse,
});
