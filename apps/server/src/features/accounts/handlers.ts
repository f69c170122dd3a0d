import { eq } from 'drizzle-orm';
import type { SettledHandler } from '../../operations/index.ts';
import { enqueueOperation } from '../../operations/index.ts';
import { subAccountRequests, tradingAccounts, users } from '../../db/schema.ts';
import { ACCOUNT_KEYS } from './keys.ts';
import { leverageSettled } from './leverage.ts';

const idOf = (key: string) => key.split(':')[1]!;

/** A new account exists on the platform: approve it, then fund a demo account with its chosen balance. */
const accountCreated: SettledHandler = async (tx, op, outcome) => {
  const id = idOf(op.idempotencyKey);
  if (!outcome.ok) {
    await tx
      .update(subAccountRequests)
      .set({ status: 'error', comment: outcome.error })
      .where(eq(subAccountRequests.accountId, id));
    return;
  }
  const [acc] = await tx
    .update(tradingAccounts)
    .set({ approved: true, timeApproved: op.updatedAt })
    .where(eq(tradingAccounts.id, id))
    .returning();
  if (!acc) return;
  if (acc.live) await tx.update(users).set({ firstAccountCreated: true }).where(eq(users.id, acc.userId));
  const [req] = await tx.select().from(subAccountRequests).where(eq(subAccountRequests.accountId, id));
  if (!acc.live && req?.balance) {
    await enqueueOperation(tx, {
      key: `${ACCOUNT_KEYS.demoBalance}:${id}`,
      kind: 'balance',
      payload: { login: acc.number, amount: req.balance },
      now: op.updatedAt,
    });
  }
};

const demoFunded: SettledHandler = async (tx, op, outcome) => {
  if (!outcome.ok) return;
  const payload = op.payload as { amount: number };
  await tx
    .update(tradingAccounts)
    .set({ balance: payload.amount, equity: payload.amount })
    .where(eq(tradingAccounts.id, idOf(op.idempotencyKey)));
};

/** Password changes and renames need no record of their own: their status is read from the outbox. */
const nothingToRecord: SettledHandler = async () => undefined;

export const accountsSettledHandlers: Record<string, SettledHandler> = {
  [ACCOUNT_KEYS.leverage]: leverageSettled,
  [ACCOUNT_KEYS.create]: accountCreated,
  [ACCOUNT_KEYS.demoBalance]: demoFunded,
  [ACCOUNT_KEYS.password]: nothingToRecord,
  [ACCOUNT_KEYS.rename]: nothingToRecord,
};
