import { z } from 'zod';
import { defineCall } from '../../call.ts';
import {
  accountApprovalSchema,
  accountsPageRequest,
  accountsPageResponse,
  liveOrDemoSchema,
} from '../../accounts.ts';

/**
 * One server page of the LIVE or DEMO trading accounts of every client
 * (docs/product.md [screen.trading-accounts], [calls.accounts-funding]).
 */
export const pageAccounts = defineCall({
  summary: "Reads one page of the clients' live or demo trading accounts, sorted and filtered.",
  method: 'POST',
  path: '/api/admin/accounts/adminGetAccounts/paginated/:all/:type/:approved',
  access: 'staff',
  params: z.object({ all: z.literal('all'), type: liveOrDemoSchema, approved: accountApprovalSchema }),
  body: accountsPageRequest,
  response: accountsPageResponse,
});
