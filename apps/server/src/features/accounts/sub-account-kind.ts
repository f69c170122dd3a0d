import { eq } from 'drizzle-orm';
import { MESSAGES, REQUEST_KIND_WIRES, calls } from '@brokerdesk/contract';
import { subAccountRequests, users } from '../../db/schema.ts';
import { Forbidden } from '../../http/errors.ts';
import { defineRequestKind, requestTable } from '../requests/kind.ts';
import { planDecision, withComment } from '../requests/planned.ts';
import { openAccount } from './service.ts';
import { subAccountRequestsExport } from './export.ts';

type Row = typeof subAccountRequests.$inferSelect;
export type SubAccountDecision = { id: string; status: 'pending' | 'approved' | 'rejected'; comment: string };
const WIRE = REQUEST_KIND_WIRES.subAccount;
type AccountChoices = Parameters<typeof openAccount>[2];

/** A client's sub-account request: approving it opens the account on the platform; rejecting needs a reason. */
export const subAccountKind = defineRequestKind<Row, SubAccountDecision>()({
  wire: WIRE,
  ...requestTable<Row>(subAccountRequests, 'No such request.'),
  // The audit keeps the decision and the account it opened.
  export: subAccountRequestsExport,
  audit: {
    entity: 'sub_account_request',
    prefix: 'subaccount',
    wire: (r) => ({ status: r.status, accountId: r.accountId }),
  },
  decide: async (ctx) => {
    const { tx, before, input, staff, now } = ctx;
    if (before.adminRequested) throw new Forbidden('Requests made by staff cannot be changed.');
    await planDecision(ctx, WIRE, { ...before, target: input.status, comment: input.comment });
    let accountId: string | null = null;
    if (input.status === 'approved') {
      const [user] = await tx.select().from(users).where(eq(users.id, before.userId));
      const choices: AccountChoices = {
        accType: before.type,
        baseCurrency: before.baseCurrency,
        leverage: before.leverage,
        balance: before.balance ?? undefined,
        live: before.live,
        platform: 'MT5',
      };
      accountId = await openAccount(tx, user!, choices, staff, now);
    }
    const [after] = await tx
      .update(subAccountRequests)
      .set({ status: input.status, comment: input.comment, accountId })
      .where(eq(subAccountRequests.id, before.id))
      .returning();
    return {
      after: after!,
      action: input.status,
      event: `Sub-account request ${input.status}${withComment(input.comment)}`,
    };
  },
  reply: () => ({ success: true as const, message: MESSAGES.accountUpdated }),
  bulk: {
    call: calls.bulk.BULK_CALLS.subAccount,
    approve: (r) => ({ id: r.id, status: 'approved', comment: '' }),
    reject: (r, reason) => ({ id: r.id, status: 'rejected', comment: reason }),
  },
});
