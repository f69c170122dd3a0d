import { eq } from 'drizzle-orm';
import { REQUEST_KIND_WIRES, calls } from '@brokerdesk/contract';
import { leverageChanges, tradingAccounts } from '../../db/schema.ts';
import { Conflict } from '../../http/errors.ts';
import { keyReference, type SettledHandler } from '../../operations/index.ts';
import { assertNoOperationRunning, isFailedMtStatus } from '../funding/decisions.ts';
import { defineRequestKind, requestTable, type Decided, type DecisionContext } from '../requests/kind.ts';
import { planDecision, sendToPlatform, withComment } from '../requests/planned.ts';
import { ACCOUNT_KEYS } from './keys.ts';
import { leverageChangesExport } from './export.ts';
import { leverageNumber, toWireLeverage } from './rows.ts';

type Target = 'pending' | 'approved' | 'rejected' | 'approve_process' | 'retry';

type Row = typeof leverageChanges.$inferSelect;
export type LeverageDecision = { id: string; status: Target; comment: string };
type Ctx = DecisionContext<Row, LeverageDecision>;
const WIRE = REQUEST_KIND_WIRES.leverage;
const keyOf = (id: string) => `${ACCOUNT_KEYS.leverage}:${id}`;
const describe = (c: Row) => `Leverage change of ${c.accountNumber} to 1:${leverageNumber(c.newLeverage)}`;
const newLeverage = (c: Row) =>
  ({
    kind: 'setLeverage',
    payload: { login: c.accountNumber, leverage: leverageNumber(c.newLeverage) },
  }) as const;

/**
 * Change-leverage requests: approving one sets the leverage on the platform, exactly once ('Set as
 * approved' records the decision only); rejecting needs a reason. One the platform refused is sent
 * again or rejected.
 */
export const leverageKind = defineRequestKind<Row, LeverageDecision>()({
  wire: WIRE,
  ...requestTable<Row>(leverageChanges, 'No such leverage change.'),
  audit: { entity: 'leverage_change', prefix: 'leverage', wire: toWireLeverage },
  export: leverageChangesExport,
  decide: async (ctx) => {
    if (refused(ctx.before)) return repair(ctx);
    const { tx, before, input } = ctx;
    if (input.status === 'retry') throw new Conflict(`This leverage change is already ${before.status}.`);
    const { plan } = await planDecision(ctx, WIRE, {
      ...before,
      target: input.status,
      comment: input.comment,
    });
    const [after] = await tx
      .update(leverageChanges)
      .set({ status: plan.status, comment: input.comment })
      .where(eq(leverageChanges.id, before.id))
      .returning();
    if (plan.process) await sendToPlatform(ctx, keyOf(before.id), newLeverage(before));
    return {
      after: after!,
      action: input.status,
      event: `${describe(before)} ${plan.status}${withComment(input.comment)}`,
    };
  },
  reply: (c) => ({ success: true as const, message: 'Leverage change updated.', request: toWireLeverage(c) }),
  bulk: {
    call: calls.bulk.BULK_CALLS.leverage,
    // The list's Approve button (approve and set the leverage on the platform); the modal's Reject.
    approve: (c) => ({ id: c.id, status: 'approve_process', comment: '' }),
    reject: (c, reason) => ({ id: c.id, status: 'rejected', comment: reason }),
  },
});

/**
 * An approved change the platform refused (it kept the old leverage, for one): sent again as a new
 * operation (`lev:<id>:<n>`), or closed as rejected, since nothing changed on the platform.
 */
async function repair(ctx: Ctx): Promise<Decided<Row>> {
  const { tx, before, input } = ctx;
  if (input.status !== 'retry' && input.status !== 'rejected') {
    throw new Conflict(
      `The platform refused this leverage change (${before.mtStatus}): retry it or reject it.`,
    );
  }
  await assertNoOperationRunning(tx, [keyOf(before.id)]);
  const key =
    input.status === 'retry' ? await sendToPlatform(ctx, keyOf(before.id), newLeverage(before)) : null;
  const [after] = await tx
    .update(leverageChanges)
    .set({ status: key ? 'approved' : 'rejected', mtStatus: '', comment: input.comment })
    .where(eq(leverageChanges.id, before.id))
    .returning();
  const what = `${key ? 'sent to the platform again' : 'rejected'} (it had failed: ${before.mtStatus})`;
  return {
    after: after!,
    action: input.status,
    event: `${describe(before)} ${what}${withComment(input.comment)}`,
    auditAfter: key ? { operationKey: key } : {},
  };
}

/** Approved, and the platform refused the change: it can be retried or rejected. */
const refused = (c: Row) => c.status === 'approved' && isFailedMtStatus(c.mtStatus);

/** The platform answered: record it, and mirror the new leverage on the account. */
export const leverageSettled: SettledHandler = async (tx, op, outcome) => {
  const id = keyReference(op.idempotencyKey);
  const [change] = await tx
    .update(leverageChanges)
    .set({ mtStatus: outcome.ok ? 'SUCCESS' : outcome.error })
    .where(eq(leverageChanges.id, id))
    .returning();
  if (outcome.ok && change) {
    await tx
      .update(tradingAccounts)
      .set({ leverage: leverageNumber(change.newLeverage) })
      .where(eq(tradingAccounts.number, change.accountNumber));
  }
};
