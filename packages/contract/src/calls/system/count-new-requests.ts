import { defineCall } from '../../call.ts';
import { newRequestsCountResponse } from '../../system.ts';

/** The sidebar's count badges, polled every 10 s (docs/product.md [calls.sign-in]). */
export const countNewRequests = defineCall({
  summary: "Counts the new requests for the sidebar's badges.",
  method: 'GET',
  path: '/api/other/getNewRequestsCount/',
  access: 'staff',
  background: true,
  response: newRequestsCountResponse,
});
