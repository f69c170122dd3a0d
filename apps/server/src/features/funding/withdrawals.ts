import { eq } from 'drizzle-orm';
import {
  FOUR_EYES_MESSAGES,
  MESSAGES,
  type FundingApproval,
  type WithdrawalUpdateStatus,
} from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { enqueueOperation, type SettledHandler } from '../../operations/index.ts';
import { neverFails, type ClientMailer } from './client-mail.ts';
import {
  assertNoDealOnPlatform,
  assertNoOperationRunning,
  checkDecision,
  firstApprovalNote,
  fourEyes,
  nextOperationKey,
  recordDecision,
  requestIdOf,
  withComment,
  type DealFinder,
} from './decisions.ts';
import { toWireWithdrawal } from './rows.ts';
import { LEG_KINDS, REQUEST_KINDS, legKey } from './kinds.ts';
import { formatMoney, planUpdate, toCents } from './transitions.ts';
import { PAYOUT, PROVIDER_PROCESSED } from './visibility.ts';

type Row = typeof withdrawals.$inferSelect;
type UpdateInput = {
  _id: string;
  status: WithdrawalUpdateStatus;
  comment: string;
  dontEmailUser: boolean;
  modifyDealAmount: boolean;
  withdrawalAmount?: number;
  withdrawalType?: 'wire' | 'crypto' | 'others';
};
type Outcome = { row: Row; notify: boolean; message?: string; approval?: FundingApproval | null };

const keyOf = (id: string) => legKey('withdrawal', id);
const KIND = REQUEST_KINDS.withdrawal;
const describe = (w: Row, amount = w.withdrawalAmount) =>
  `Withdrawal of ${formatMoney(amount, w.withdrawalCurrency)} from ${w.accountNumber}`;

/** Enqueues the debit of an approved withdrawal: its first one, or a repeat after a refused one. */
export async function enqueueDebit(tx: Tx, w: Row, now: number): Promise<string> {
  const key = await nextOperationKey(tx, keyOf(w.id));
  await enqueueOperation(tx, {
    key,
    kind: 'balance',
    payload: {
      login: w.accountNumber,
      amount: LEG_KINDS.withdrawal.sign * w.withdrawalAmount,
      since: w.timestamp,
    },
    now,
  });
  return key;
}

/**
 * Withdrawals: approve (with or without debiting MT5), reject with a reason, set back to pending; and
 * from the Error tab (the platform refused the debit) send the debit again or reject the withdrawal.
 * A card-provider withdrawal is debited only once the provider has processed its order (SPEC 4).
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wakeWorker: () => void,
    mailClient: ClientMailer = async () => undefined,
    log: { warn: (o: object, m: string) => void } = { warn: () => undefined },
    /** Where a rejection first looks for a deal of the withdrawal (the trading platform). */
    private readonly deals?: DealFinder,
  ) {
    // The notice goes out after the commit: whatever fails there is logged, never answered as a 500.
    this.mailClient = neverFails(mailClient, log);
  }

  private readonly mailClient: ClientMailer;

  /** `providerOnly`: the provider variant of the calls (SPEC 7.4), for card-provider withdrawals only. */
  async update(input: UpdateInput, staff: StaffContext, opts: { providerOnly?: boolean } = {}) {
    checkDecision('withdrawal', input, { field: 'withdrawalAmount', value: input.withdrawalAmount });
    if (input.status === 'rejected') await this.assertNotDebited(input._id);
    const now = this.clock.now();
    const { row, notify, message, approval } = await this.db.transaction(async (tx): Promise<Outcome> => {
      const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, input._id)).for('update');
      if (!before) throw new NotFound('No such withdrawal.');
      if (opts.providerOnly && !before.providerHandled) {
        throw new Conflict('This withdrawal is not handled by the payment provider.');
      }
      if (input.status === 'retry') return this.retry(tx, before, input.comment, staff, now);
      if (input.status === 'rejected' && before.status === 'error') {
        return this.rejectFailed(tx, before, input.comment, staff, now);
      }
      return this.decide(tx, before, { ...input, status: input.status }, staff, now);
    });
    this.wakeWorker();
    if (notify && !row.dontEmailUser) {
      await this.mailClient({
        userId: row.userId,
        kind: 'withdrawal',
        status: row.status,
        amount: row.withdrawalAmount,
        currency: row.withdrawalCurrency,
        account: row.accountNumber,
        comment: row.comment,
      });
    }
    return {
      success: true,
      message: message ?? 'Withdrawal updated.',
      request: toWireWithdrawal(row),
      approval: approval ?? null,
    };
  }

  async process(id: string, staff: StaffContext, opts: { providerOnly?: boolean } = {}) {
    const [row] = await this.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!row) throw new NotFound('No such withdrawal.');
    return this.update(
      {
        _id: id,
        status: 'approve_process',
        comment: row.comment,
        dontEmailUser: row.dontEmailUser,
        modifyDealAmount: false,
      },
      staff,
      opts,
    );
  }

  /** A withdrawal whose debit the platform holds is never rejected (decisions.ts assertNoDealOnPlatform). */
  private async assertNotDebited(id: string): Promise<void> {
    const [w] = await this.db
      .select({ login: withdrawals.accountNumber, since: withdrawals.timestamp })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    if (!w) return; // the decision answers 404
    await assertNoDealOnPlatform(this.deals, 'withdrawal', [{ login: w.login, base: keyOf(id) }], w.since);
  }

  private async decide(
    tx: Tx,
    before: Row,
    input: UpdateInput & { status: Exclude<WithdrawalUpdateStatus, 'retry'> },
    staff: StaffContext,
    now: number,
  ): Promise<Outcome> {
    const plan = planUpdate(before.status, KIND.open, input.status);
    if (!plan) throw new Conflict(`This withdrawal is already ${before.status}.`);
    if (plan.status === 'approved' && before.providerPayoutStatus === PAYOUT.approvedAhead) {
      throw new Conflict('This withdrawal is already approved; it waits for the provider to process it.');
    }
    const amount = input.modifyDealAmount ? toCents(input.withdrawalAmount!) : before.withdrawalAmount;
    const gate = await fourEyes(tx, plan, {
      type: 'withdrawal',
      requestId: before.id,
      amount,
      currency: before.withdrawalCurrency,
      amountField: KIND.amountField,
      comment: input.comment,
      staff,
      now,
    });
    const first = gate.kind === 'first';
    // SPEC 4: the provider pays the client's card; MT5 is debited once it has processed the order.
    // Approved ahead of that, the withdrawal stays pending with the approval noted in its payout status.
    const waiting =
      !first && plan.process && before.providerHandled && before.providerStatus !== PROVIDER_PROCESSED;
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: waiting || first ? before.status : plan.status,
        comment: input.comment,
        dontEmailUser: input.dontEmailUser,
        modifyDealAmount: input.modifyDealAmount,
        withdrawalAmount: amount,
        ...(input.withdrawalType ? { withdrawalType: input.withdrawalType } : {}),
        // An approval stamps timeApproved (none yet while it waits for the provider); a rejection
        // stamps timeRejected and leaves timeApproved empty, as a deposit's does.
        ...(plan.status === 'approved' && !first
          ? { timeApproved: waiting ? null : now, adminId: staff.userId }
          : {}),
        ...(plan.status === 'rejected' ? { timeRejected: now, adminId: staff.userId } : {}),
        ...(before.providerHandled && !first
          ? { providerPayoutStatus: payoutAfter(before, plan.status, waiting) }
          : {}),
      })
      .where(eq(withdrawals.id, before.id))
      .returning();
    if (plan.process && !waiting && !first) await enqueueDebit(tx, after!, now);
    const what = first
      ? firstApprovalNote(gate.approval!)
      : waiting
        ? 'approved, waiting for the provider'
        : plan.process
          ? 'approved and sent to the platform'
          : plan.status;
    await recordDecision(tx, {
      staff,
      now,
      userId: before.userId,
      event: `${describe(before, amount)} ${what}${withComment(input.comment)}`,
      action: first
        ? 'withdrawal.first-approval'
        : waiting
          ? 'withdrawal.approve-awaiting-provider'
          : plan.process
            ? 'withdrawal.approve-process'
            : `withdrawal.${plan.status}`,
      entity: 'withdrawal',
      entityId: before.id,
      before: toWireWithdrawal(before),
      after: { ...toWireWithdrawal(after!), ...(gate.approval ? { approval: gate.approval } : {}) },
    });
    return {
      row: after!,
      notify: !first && !waiting && plan.status !== 'pending',
      approval: gate.approval,
      message: first
        ? FOUR_EYES_MESSAGES.firstApprovalRecorded
        : waiting
          ? MESSAGES.waitingForProvider
          : undefined,
    };
  }

  /** Sends a refused debit again as a new operation (`wd:<id>:<n>`); the Error tab's Retry. */
  private async retry(tx: Tx, before: Row, comment: string, staff: StaffContext, now: number) {
    if (before.status !== 'error') {
      throw new Conflict('Only a withdrawal in the Error tab can be sent to the platform again.');
    }
    await assertNoOperationRunning(tx, [keyOf(before.id)]);
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: 'approved',
        mtStatus: '',
        comment,
        timeApproved: now,
        adminId: staff.userId,
        ...(before.providerHandled ? { providerPayoutStatus: PAYOUT.waiting } : {}),
      })
      .where(eq(withdrawals.id, before.id))
      .returning();
    const key = await enqueueDebit(tx, after!, now);
    await recordDecision(tx, {
      staff,
      now,
      userId: before.userId,
      event: `${describe(before)} sent to the platform again (it had failed: ${before.mtStatus})`,
      action: 'withdrawal.retry',
      entity: 'withdrawal',
      entityId: before.id,
      before: toWireWithdrawal(before),
      after: { ...toWireWithdrawal(after!), operationKey: key },
    });
    return { row: after!, notify: false };
  }

  /** Closes a withdrawal whose debit was refused: rejected, nothing was debited, MTStatus cleared. */
  private async rejectFailed(tx: Tx, before: Row, comment: string, staff: StaffContext, now: number) {
    await assertNoOperationRunning(tx, [keyOf(before.id)]);
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: 'rejected',
        mtStatus: '',
        comment,
        timeRejected: now,
        adminId: staff.userId,
        ...(before.providerHandled ? { providerPayoutStatus: '' } : {}),
      })
      .where(eq(withdrawals.id, before.id))
      .returning();
    await recordDecision(tx, {
      staff,
      now,
      userId: before.userId,
      event: `${describe(before)} rejected after the platform refused the debit (${before.mtStatus})${withComment(comment)}`,
      action: 'withdrawal.rejected',
      entity: 'withdrawal',
      entityId: before.id,
      before: toWireWithdrawal(before),
      after: toWireWithdrawal(after!),
    });
    return { row: after!, notify: true };
  }
}

/** A provider withdrawal's payout status after a decision (see visibility.ts for the values). */
function payoutAfter(before: Row, status: string, waiting: boolean): string {
  if (waiting) return PAYOUT.approvedAhead;
  if (status === 'rejected') return '';
  return before.providerPayoutStatus === PAYOUT.approvedAhead ? PAYOUT.waiting : before.providerPayoutStatus;
}

/** A debit the platform refused (e.g. not enough free margin) moves the withdrawal to the Error tab. */
export const withdrawalSettled: SettledHandler = async (tx: Tx, op, outcome) => {
  const id = requestIdOf(op.idempotencyKey);
  if (outcome.ok) {
    await tx.update(withdrawals).set({ mtStatus: 'SUCCESS' }).where(eq(withdrawals.id, id));
    return;
  }
  const [row] = await tx
    .update(withdrawals)
    .set({ mtStatus: outcome.error, status: 'error' })
    .where(eq(withdrawals.id, id))
    .returning({ providerHandled: withdrawals.providerHandled });
  if (row?.providerHandled) {
    await tx.update(withdrawals).set({ providerPayoutStatus: PAYOUT.failed }).where(eq(withdrawals.id, id));
  }
};
