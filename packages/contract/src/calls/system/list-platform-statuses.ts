import { defineCall } from '../../call.ts';
import { mlStatusesResponse } from '../../system.ts';

/** The header's platform status lights, polled every 5 s (docs/product.md [calls.sign-in]). */
export const listPlatformStatuses = defineCall({
  summary: 'Tells whether each trading platform is reachable.',
  method: 'GET',
  path: '/api/admin/other/getMlStatuses/',
  access: 'staff',
  background: true,
  response: mlStatusesResponse,
});
