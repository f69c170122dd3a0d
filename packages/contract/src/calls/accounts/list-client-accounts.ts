import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { accountApprovalSchema, accountsListResponse, liveOrDemoSchema } from '../../accounts.ts';

/**
 * One client's trading accounts of a kind and approval: the profile's Trading accounts card
 * (docs/product.md [calls.accounts-funding]).
 */
export const listClientAccounts = defineCall({
  summary: "Lists a client's trading accounts of one kind and approval state.",
  method: 'GET',
  path: '/api/admin/accounts/adminGetAccounts/:userId/:type/:approved',
  access: 'staff',
  actsOnParam: 'userId',
  params: z.object({ userId: idSchema, type: liveOrDemoSchema, approved: accountApprovalSchema }),
  response: accountsListResponse,
});
