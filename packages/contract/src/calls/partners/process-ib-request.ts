import { defineCall } from '../../call.ts';
import { processIbRequestRequest, processIbRequestResponse } from '../../partners.ts';

/**
 * Approves or rejects one IB request (docs/product.md [screen.ib-requests], [calls.partners]); acts on the
 * requesting client.
 */
export const processIbRequest = defineCall({
  summary: 'Approves or rejects an IB request.',
  method: 'POST',
  path: '/api/admin/users/processIbRequest',
  access: 'staff',
  actsOn: ['userId'],
  body: processIbRequestRequest,
  response: processIbRequestResponse,
});
