import { eq, sql } from 'drizzle-orm';
import {
  FOUR_EYES_MESSAGES,
  REQUEST_KIND_WIRES,
  TRANSFER_REPAIRS,
  calls,
  halfDoneState,
  type FundingApproval,
} from '@brokerdesk/contract';
import type { Tx } from '../../db/client.ts';
import { transfers } from '../../db/schema.ts';
import { Conflict } from '../../http/errors.ts';
import type { SettledHandler } from '../../operations/index.ts';
import { defineRequestKind, requestTable, type DecisionContext } from '../requests/kind.ts';
import { planDecision, sendToPlatform } from '../requests/planned.ts';
import {
  assertNoDealOnPlatform,
  assertNoOperationRunning,
  firstApprovalNote,
  fundingReply,
  requestIdOf,
} from './decisions.ts';
import { toWireTransfer } from './rows.ts';
import { LEG_KINDS, REQUEST_KINDS, legKey, requestLegKeys } from './kinds.ts';
import { formatMoney } from './transitions.ts';

type TransferLeg = (typeof REQUEST_KINDS.transfer.legs)[number];

/**
 * An internal transfer moves money in two legs: the source debit (`trs:<id>`), then, once it
 * succeeded, the destination credit (`trd:<id>`). A half-done transfer (source debited, credit
 * refused) shows bright red and is completed (the credit sent again) or reversed (the source
 * refunded, `trr:<id>`) from the update modal. Repeats of a leg get `:<n>`. One whose debit was
 * refused (nothing moved) is completed (the debit sent again) or closed (rejected).
 */
const KIND = REQUEST_KINDS.transfer;
type Row = typeof transfers.$inferSelect;
type Action = 'pending' | 'rejected' | 'approved' | 'approve_process' | 'complete' | 'reverse';
type Decision = Exclude<Action, 'complete' | 'reverse'>;
export type TransferDecision = { id: string; status: Action; comment: string };
type Ctx = DecisionContext<Row, TransferDecision>;
const legKeys = (id: string) => requestLegKeys('transfer', id);

export const transferKind = defineRequestKind<Row, TransferDecision>()({
  wire: REQUEST_KIND_WIRES.transfer,
  ...requestTable<Row>(transfers, 'No such transfer.'),
  audit: { entity: 'transfer', prefix: 'transfer', wire: toWireTransfer },
  // A transfer with a leg the platform holds is never rejected (decisions.ts assertNoDealOnPlatform).
  beforeDecision: async (input, deps) => {
    if (input.status !== 'rejected') return;
    const [t] = await deps.db.select().from(transfers).where(eq(transfers.id, input.id));
    if (!t) return; // the decision answers 404
    const legs = KIND.legs.map((leg) => ({
      login: leg === 'transfer_destination' ? t.destinationAccount : t.sourceAccount,
      base: legKey(leg, input.id),
    }));
    await assertNoDealOnPlatform(deps.deals, 'transfer', legs, t.timestamp);
  },
  decide: async (ctx) => {
    const { before, input } = ctx;
    const repairing =
      input.status === 'complete' || input.status === 'reverse' || before.status === 'approved';
    const { after, approval, first } = repairing
      ? { after: await repair(ctx), approval: null, first: false }
      : await decide(ctx);
    const what = first ? firstApprovalNote(approval!) : input.status;
    return {
      after,
      action: first ? 'first-approval' : input.status,
      event: `Transfer of ${formatMoney(before.transferAmount, before.transferCurrency)} from ${before.sourceAccount} to ${before.destinationAccount}: ${what}${input.comment ? ` (${input.comment})` : ''}`,
      approval,
      auditAfter: approval ? { approval } : {},
      message: first ? FOUR_EYES_MESSAGES.firstApprovalRecorded : undefined,
    };
  },
  reply: fundingReply('Transfer updated.', toWireTransfer),

  bulk: {
    call: calls.bulk.BULK_CALLS.transfer,
    approve: (t) => ({ id: t.id, status: 'approve_process', comment: t.comment }),
    reject: (t, reason) => ({ id: t.id, status: 'rejected', comment: reason }),
  },
});

async function decide(ctx: Ctx): Promise<{ after: Row; approval: FundingApproval | null; first: boolean }> {
  const { tx, before, input, now } = ctx;
  const { plan, first, approval } = await planDecision(
    ctx,
    REQUEST_KIND_WIRES.transfer,
    { ...before, target: input.status as Decision, comment: input.comment },
    {
      type: 'transfer',
      amount: before.transferAmount,
      currency: before.transferCurrency,
      amountField: KIND.amountField,
    },
  );
  const [after] = await tx
    .update(transfers)
    .set(
      first
        ? { comment: input.comment }
        : {
            status: plan.status,
            comment: input.comment,
            times: { ...(before.times as object), [plan.status]: now },
          },
    )
    .where(eq(transfers.id, before.id))
    .returning();
  if (plan.process && !first) await enqueueLeg(tx, before, 'transfer_source', now);
  return { after: after!, approval, first };
}

/**
 * Completing or reversing a half-done transfer, or closing one whose debit was refused; never while
 * one of its legs is still running.
 */
async function repair({ tx, before: t, input, now }: Ctx): Promise<Row> {
  const action = input.status;
  if (t.status !== 'approved') throw new Conflict('Only an approved transfer can be completed or reversed.');
  if (action !== 'complete' && action !== 'reverse' && action !== 'rejected') {
    throw new Conflict('This transfer is already approved.');
  }
  await assertNoOperationRunning(tx, legKeys(t.id));
  const half = halfDoneState({
    status: t.status,
    sourceMTStatus: t.sourceMtStatus,
    destinationMTStatus: t.destinationMtStatus,
  });
  if (half === null || !(TRANSFER_REPAIRS[half] as readonly string[]).includes(action)) {
    throw new Conflict(REPAIR_REFUSALS[action]);
  }
  // TRANSFER_REPAIRS allowed it: the debit failed (complete it, or reject: nothing moved), or the
  // credit failed (complete it, or reverse the debit).
  if (half === 'sourceFailed' && action === 'complete') {
    await enqueueLeg(tx, t, 'transfer_source', now);
    return setStatuses(tx, t.id, { sourceMtStatus: '' });
  }
  if (half === 'sourceFailed') {
    // Nothing left the source: the transfer ends rejected, and its failed leg no longer needs anyone.
    return setStatuses(tx, t.id, {
      status: 'rejected',
      sourceMtStatus: '',
      comment: input.comment,
      times: { ...(t.times as object), rejected: now },
    });
  }
  if (action === 'complete') {
    await enqueueLeg(tx, t, 'transfer_destination', now);
    return setStatuses(tx, t.id, { destinationMtStatus: '' });
  }
  await enqueueLeg(tx, t, 'transfer_reverse', now);
  return t;
}

async function setStatuses(tx: Tx, id: string, set: Partial<Row>) {
  const [after] = await tx.update(transfers).set(set).where(eq(transfers.id, id)).returning();
  return after!;
}

/** Why a repair is refused when the transfer's state does not allow it. */
const REPAIR_REFUSALS: Record<'complete' | 'reverse' | 'rejected', string> = {
  complete: 'Nothing is left to complete on this transfer.',
  reverse: 'Only a transfer whose source was debited and whose credit failed can be reversed.',
  rejected: 'Only a transfer whose debit failed can still be rejected: nothing has moved.',
};

async function enqueueLeg(tx: Tx, t: Row, leg: TransferLeg, now: number): Promise<void> {
  const login = leg === 'transfer_destination' ? t.destinationAccount : t.sourceAccount;
  const amount = LEG_KINDS[leg].sign * t.transferAmount;
  await sendToPlatform({ tx, now }, legKey(leg, t.id), {
    kind: 'balance',
    payload: { login, amount, since: t.timestamp },
  });
}

export const transferSourceSettled: SettledHandler = async (tx, op, outcome) => {
  const id = requestIdOf(op.idempotencyKey);
  const [t] = await tx
    .update(transfers)
    .set({ sourceMtStatus: outcome.ok ? 'SUCCESS' : outcome.error })
    .where(eq(transfers.id, id))
    .returning();
  // The credit goes out only once the debit has certainly happened.
  if (outcome.ok && t) await enqueueLeg(tx, t, 'transfer_destination', op.updatedAt);
};

export const transferDestinationSettled: SettledHandler = async (tx, op, outcome) => {
  await tx
    .update(transfers)
    .set({ destinationMtStatus: outcome.ok ? 'SUCCESS' : outcome.error })
    .where(eq(transfers.id, requestIdOf(op.idempotencyKey)));
};

export const transferReverseSettled: SettledHandler = async (tx, op, outcome) => {
  const id = requestIdOf(op.idempotencyKey);
  if (!outcome.ok) {
    // The statuses stay as they are (still half done), so staff can try the reversal again.
    await tx
      .update(transfers)
      .set({ comment: sql`${transfers.comment} || ${` (reversal failed: ${outcome.error})`}` })
      .where(eq(transfers.id, id));
    return;
  }
  const [t] = await tx.select().from(transfers).where(eq(transfers.id, id));
  await tx
    .update(transfers)
    .set({
      status: 'rejected',
      sourceMtStatus: '',
      destinationMtStatus: '',
      comment: `${t?.comment ? `${t.comment} ` : ''}(reversed: the source account was refunded)`,
      times: { ...(t?.times as object), reversed: op.updatedAt },
    })
    .where(eq(transfers.id, id));
};
