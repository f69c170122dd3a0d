import { eq, sql } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES, TRANSFER_REPAIRS, halfDoneState } from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { transfers } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { enqueueOperation, type SettledHandler } from '../../operations/index.ts';
import {
  assertNoDealOnPlatform,
  assertNoOperationRunning,
  checkDecision,
  firstApprovalNote,
  fourEyes,
  nextOperationKey,
  recordDecision,
  requestIdOf,
  type DealFinder,
} from './decisions.ts';
import { toWireTransfer } from './rows.ts';
import { LEG_KINDS, REQUEST_KINDS, legKey, requestLegKeys } from './kinds.ts';

type TransferLeg = (typeof REQUEST_KINDS.transfer.legs)[number];
import { formatMoney, planUpdate } from './transitions.ts';

/**
 * An internal transfer moves money in two legs (DESIGN money movement): the source debit
 * (`trs:<id>`), then, once it succeeded, the destination credit (`trd:<id>`). A half-done transfer
 * (source debited, credit refused) shows bright red and is completed (the credit sent again) or
 * reversed (the source refunded, `trr:<id>`) from the update modal. Repeats of a leg get `:<n>`.
 * One whose debit was refused (nothing moved) is completed (the debit sent again) or closed (rejected).
 */
const KIND = REQUEST_KINDS.transfer;
type Row = typeof transfers.$inferSelect;
type Action = 'pending' | 'rejected' | 'approved' | 'approve_process' | 'complete' | 'reverse';
type Decision = Exclude<Action, 'complete' | 'reverse'>;
const legKeys = (id: string) => requestLegKeys('transfer', id);

export class TransfersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wakeWorker: () => void,
    /** Where a rejection first looks for a deal of the transfer's legs (the trading platform). */
    private readonly deals?: DealFinder,
  ) {}

  async update(input: { _id: string; status: Action; comment: string }, staff: StaffContext) {
    checkDecision('transfer', input);
    if (input.status === 'rejected') await this.assertNothingMoved(input._id);
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(transfers).where(eq(transfers.id, input._id)).for('update');
      if (!before) throw new NotFound('No such transfer.');
      const repair =
        input.status === 'complete' || input.status === 'reverse' || before.status === 'approved';
      const { after, approval, first } = repair
        ? {
            after: await this.repair(tx, before, input.status, input.comment, now),
            approval: null,
            first: false,
          }
        : await this.decide(tx, before, input.status as Decision, input.comment, staff, now);
      const what = first ? firstApprovalNote(approval!) : input.status;
      await recordDecision(tx, {
        staff,
        now,
        userId: before.userId,
        event: `Transfer of ${formatMoney(before.transferAmount, before.transferCurrency)} from ${before.sourceAccount} to ${before.destinationAccount}: ${what}${input.comment ? ` (${input.comment})` : ''}`,
        action: first ? 'transfer.first-approval' : `transfer.${input.status}`,
        entity: 'transfer',
        entityId: before.id,
        before: toWireTransfer(before),
        after: { ...toWireTransfer(after), ...(approval ? { approval } : {}) },
      });
      return { row: after, approval, first };
    });
    this.wakeWorker();
    return {
      success: true,
      message: outcome.first ? FOUR_EYES_MESSAGES.firstApprovalRecorded : 'Transfer updated.',
      request: toWireTransfer(outcome.row),
      approval: outcome.approval,
    };
  }

  /** A transfer with a leg the platform holds is never rejected (decisions.ts assertNoDealOnPlatform). */
  private async assertNothingMoved(id: string): Promise<void> {
    const [t] = await this.db.select().from(transfers).where(eq(transfers.id, id));
    if (!t) return; // the decision answers 404
    const legs = KIND.legs.map((leg) => ({
      login: leg === 'transfer_destination' ? t.destinationAccount : t.sourceAccount,
      base: legKey(leg, id),
    }));
    await assertNoDealOnPlatform(this.deals, 'transfer', legs, t.timestamp);
  }

  async process(id: string, staff: StaffContext) {
    const [row] = await this.db
      .select({ comment: transfers.comment })
      .from(transfers)
      .where(eq(transfers.id, id));
    if (!row) throw new NotFound('No such transfer.');
    return this.update({ _id: id, status: 'approve_process', comment: row.comment }, staff);
  }

  private async decide(
    tx: Tx,
    before: Row,
    action: Decision,
    comment: string,
    staff: StaffContext,
    now: number,
  ) {
    const plan = planUpdate(before.status, KIND.open, action);
    if (!plan) throw new Conflict(`This transfer is already ${before.status}.`);
    const gate = await fourEyes(tx, plan, {
      type: 'transfer',
      requestId: before.id,
      amount: before.transferAmount,
      currency: before.transferCurrency,
      amountField: KIND.amountField,
      comment,
      staff,
      now,
    });
    const first = gate.kind === 'first';
    const [after] = await tx
      .update(transfers)
      .set(
        first
          ? { comment }
          : { status: plan.status, comment, times: { ...(before.times as object), [plan.status]: now } },
      )
      .where(eq(transfers.id, before.id))
      .returning();
    if (plan.process && !first) await enqueueLeg(tx, before, 'transfer_source', now);
    return { after: after!, approval: gate.approval, first };
  }

  /**
   * Completing or reversing a half-done transfer, or closing one whose debit was refused; never while
   * one of its legs is still running.
   */
  private async repair(tx: Tx, t: Row, action: Action, comment: string, now: number) {
    if (t.status !== 'approved')
      throw new Conflict('Only an approved transfer can be completed or reversed.');
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
      return this.setStatuses(tx, t.id, { sourceMtStatus: '' });
    }
    if (half === 'sourceFailed') {
      // Nothing left the source: the transfer ends rejected, and its failed leg no longer needs anyone.
      return this.setStatuses(tx, t.id, {
        status: 'rejected',
        sourceMtStatus: '',
        comment,
        times: { ...(t.times as object), rejected: now },
      });
    }
    if (action === 'complete') {
      await enqueueLeg(tx, t, 'transfer_destination', now);
      return this.setStatuses(tx, t.id, { destinationMtStatus: '' });
    }
    await enqueueLeg(tx, t, 'transfer_reverse', now);
    return t;
  }

  private async setStatuses(tx: Tx, id: string, set: Partial<Row>) {
    const [after] = await tx.update(transfers).set(set).where(eq(transfers.id, id)).returning();
    return after!;
  }
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
  await enqueueOperation(tx, {
    key: await nextOperationKey(tx, legKey(leg, t.id)),
    kind: 'balance',
    payload: { login, amount, since: t.timestamp },
    now,
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
