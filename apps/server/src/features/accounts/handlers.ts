import { and, eq } from 'drizzle-orm';
import { audit } from '../../audit/audit.ts';
import { writeClientLog } from '../clients/client-log.ts';
import { ACCOUNT_GROUP_MESSAGES, checkingMtStatus } from '@brokerdesk/contract';
import type { CheckingHandler, SettledHandler } from '../../operations/index.ts';
import { enqueueOperation, keyReference } from '../../operations/index.ts';
import { leverageChanges, subAccountRequests, tradingAccounts, users } from '../../db/schema.ts';
import { ACCOUNT_KEYS } from './keys.ts';
import { leverageSettled } from './leverage.ts';

const idOf = keyReference;

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

/**
 * A group change MT5 has made: the account shows its new group now. One MT5 refused is written to the
 * client log, so staff see why the group did not change.
 */
const groupChanged: SettledHandler = async (tx, op, outcome) => {
  const { login, group } = op.payload as { login: number; group: string };
  const where = and(eq(tradingAccounts.number, login), eq(tradingAccounts.platform, op.platform));
  const [acc] = await tx.select().from(tradingAccounts).where(where);
  if (!acc) return;
  if (outcome.ok) {
    await tx.update(tradingAccounts).set({ accountGroup: group, managerGroup: group }).where(where);
    await audit(tx, op.updatedAt, {
      actorId: null,
      action: 'account.group.changed',
      entity: 'trading_account',
      entityId: acc.id,
      before: { accountGroup: acc.accountGroup },
      after: { accountGroup: group },
    });
    return;
  }
  await writeClientLog(tx, {
    userId: acc.userId,
    event: `Account ${login}: ${ACCOUNT_GROUP_MESSAGES.refused} ${outcome.error}`,
    actionedBy: '',
    customName: 'AUTOMATION',
    now: op.updatedAt,
  });
};

/** Password changes and renames need no record of their own: their status is read from the outbox. */
const nothingToRecord: SettledHandler = async () => undefined;

export const accountsSettledHandlers: Record<string, SettledHandler> = {
  [ACCOUNT_KEYS.leverage]: leverageSettled,
  [ACCOUNT_KEYS.create]: accountCreated,
  [ACCOUNT_KEYS.demoBalance]: demoFunded,
  [ACCOUNT_KEYS.password]: nothingToRecord,
  [ACCOUNT_KEYS.rename]: nothingToRecord,
  [ACCOUNT_KEYS.group]: groupChanged,
};

/** A leverage change whose outcome is being waited out shows it as its MTStatus (see funding's). */
export const accountsCheckingHandlers: Record<string, CheckingHandler> = {
  [ACCOUNT_KEYS.leverage]: async (tx, op, until) => {
    await tx
      .update(leverageChanges)
      .set({ mtStatus: checkingMtStatus(until) })
      .where(eq(leverageChanges.id, idOf(op.idempotencyKey)));
  },
};
