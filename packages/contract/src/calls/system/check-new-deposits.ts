import { defineCall } from '../../call.ts';
import { checkNewDepositsResponse } from '../../system.ts';

/**
 * Whether deposits arrived since this session last asked, polled every 10 s
 * (docs/product.md [calls.sign-in]).
 */
export const checkNewDeposits = defineCall({
  summary: 'Tells whether deposits arrived since this session last asked.',
  method: 'GET',
  path: '/api/other/checkNewDeposits/',
  access: 'staff',
  background: true,
  response: checkNewDepositsResponse,
});
