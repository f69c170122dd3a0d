import { defineCall } from '../../call.ts';
import { withdrawalOrdersQuery, withdrawalOrdersResponse } from '../../funding.ts';

/**
 * The 'Orders' table (docs/product.md [screen.withdrawals]): card-provider withdrawals, paged by the server
 * from the query.
 */
export const listWithdrawalOrders = defineCall({
  summary: 'Reads one page of the card-provider withdrawal orders.',
  method: 'GET',
  path: '/api/admin/accounts/adminGetWithdrawalOrders',
  access: 'staff',
  query: withdrawalOrdersQuery,
  response: withdrawalOrdersResponse,
});
