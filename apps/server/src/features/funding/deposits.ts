import { eq } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES, type DepositUpdateStatus, type FundingApproval } from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { deposits } from '../../db/schema.ts';
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
  isFailedMtStatus,
  nextOperationKey,
  recordDecision,
  requestIdOf,
  withComment,
  type DealFinder,
} from './decisions.ts';
import { toWireDeposit } from './rows.ts';
import { LEG_KINDS, REQUEST_KINDS, legKey } from './kinds.ts';
import { formatMoney, planUpdate, toCents } from './transitions.ts';

type Row = typeof deposits.$inferSelect;
type UpdateInput = {
  _id: string;
  status: DepositUpdateStatus;
  comment: string;
  modifyDealAmount: boolean;
  depositAmountSent?: number;
};
/** What a decision did: the row after it, and whether the client hears of it. */
type Outcome = { row: Row; notify: boolean; message?: string; approval?: FundingApproval | null };

const keyOf = (id: string) => legKey('deposit', id);
const KIND = REQUEST_KINDS.deposit;
/** Approved, and the platform refused the credit: it can be sent again or the deposit rejected. */
export const creditFailed = (d: Pick<Row, 'status' | 'mtStatus'>) =>
  d.status === 'approved' && isFailedMtStatus(d.mtStatus);

/**
 * Deposits: approve (with or without crediting MT5), reject with a reason, set back to pending; and,
 * when the platform refused the credit, send it again or reject the deposit.
 */
export class DepositsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wakeWorker: () => void,
    mailClient: ClientMailer = async () => undefined,
    log: { warn: (o: object, m: string) => void } = { warn: () => undefined },
    /** Where a rejection first looks for a deal of the deposit (the trading platform). */
    private readonly deals?: DealFinder,
  ) {
    // The notice goes out after the commit: whatever fails there is logged, never answered as a 500.
    this.mailClient = neverFails(mailClient, log);
  }

  private readonly mailClient: ClientMailer;

  async update(input: UpdateInput, staff: StaffContext) {
    checkDecision('deposit', input, { field: 'depositAmountSent', value: input.depositAmountSent });
    if (input.status === 'rejected') await this.assertNotCredited(input._id);
    const now = this.clock.now();
    const { row, notify, message, approval } = await this.db.transaction(async (tx): Promise<Outcome> => {
      const [before] = await tx.select().from(deposits).where(eq(deposits.id, input._id)).for('update');
      if (!before) throw new NotFound('No such deposit.');
      if (input.status === 'retry') return this.retry(tx, before, input.comment, staff, now);
      if (input.status === 'rejected' && creditFailed(before)) {
        return this.rejectFailed(tx, before, input.comment, staff, now);
      }
      return this.decide(tx, before, { ...input, status: input.status }, staff, now);
    });
    this.wakeWorker();
    if (notify && !row.dontEmailUser) {
      await this.mailClient({
        userId: row.userId,
        kind: 'deposit',
        status: row.status,
        amount: row.depositAmountSent,
        currency: row.depositCurrency,
        account: row.accountNumber,
        comment: row.comment,
      });
    }
    return {
      success: true,
      message: message ?? 'Deposit updated.',
      request: toWireDeposit(row),
      approval: approval ?? null,
    };
  }

  /** A deposit whose credit the platform holds is never rejected (decisions.ts assertNoDealOnPlatform). */
  private async assertNotCredited(id: string): Promise<void> {
    const [d] = await this.db
      .select({ login: deposits.accountNumber, since: deposits.timestamp })
      .from(deposits)
      .where(eq(deposits.id, id));
    if (!d) return; // the decision answers 404
    await assertNoDealOnPlatform(this.deals, 'deposit', [{ login: d.login, base: keyOf(id) }], d.since);
  }

  /** The list's Approve button: approve and credit the account (SPEC 7.4 adminProcessDeposit). */
  async process(id: string, staff: StaffContext) {
    const [row] = await this.db
      .select({ comment: deposits.comment })
      .from(deposits)
      .where(eq(deposits.id, id));
    if (!row) throw new NotFound('No such deposit.');
    return this.update(
      { _id: id, status: 'approve_process', comment: row.comment, modifyDealAmount: false },
      staff,
    );
  }

  private async decide(
    tx: Tx,
    before: Row,
    input: UpdateInput & { status: Exclude<DepositUpdateStatus, 'retry'> },
    staff: StaffContext,
    now: number,
  ): Promise<Outcome> {
    const plan = planUpdate(before.status, KIND.open, input.status);
    if (!plan) throw new Conflict(`This deposit is already ${before.status}.`);
    const amount = input.modifyDealAmount ? toCents(input.depositAmountSent!) : before.depositAmountSent;
    const gate = await fourEyes(tx, plan, {
      type: 'deposit',
      requestId: before.id,
      amount,
      currency: before.depositCurrency,
      amountField: KIND.amountField,
      comment: input.comment,
      staff,
      now,
    });
    const first = gate.kind === 'first';
    const [after] = await tx
      .update(deposits)
      .set({
        ...(first ? {} : { status: plan.status }),
        comment: input.comment,
        modifyDealAmount: input.modifyDealAmount,
        depositAmountSent: amount,
        ...(plan.status === 'approved' && !first ? { timeApproved: now, adminId: staff.userId } : {}),
        ...(plan.status === 'rejected' ? { timeRejected: now, adminId: staff.userId } : {}),
      })
      .where(eq(deposits.id, before.id))
      .returning();
    if (plan.process && !first) {
      await enqueueOperation(tx, {
        key: keyOf(before.id),
        kind: 'balance',
        payload: {
          login: before.accountNumber,
          amount: LEG_KINDS.deposit.sign * amount,
          since: before.timestamp,
        },
        now,
      });
    }
    const what = first
      ? firstApprovalNote(gate.approval!)
      : plan.process
        ? 'approved and sent to the platform'
        : plan.status;
    await recordDecision(tx, {
      staff,
      now,
      userId: before.userId,
      event: `Deposit of ${formatMoney(amount, before.depositCurrency)} to ${before.accountNumber} ${what}${withComment(input.comment)}`,
      action: first
        ? 'deposit.first-approval'
        : plan.process
          ? 'deposit.approve-process'
          : `deposit.${plan.status}`,
      entity: 'deposit',
      entityId: before.id,
      before: toWireDeposit(before),
      after: { ...toWireDeposit(after!), ...(gate.approval ? { approval: gate.approval } : {}) },
    });
    return {
      row: after!,
      notify: !first && plan.status !== 'pending',
      approval: gate.approval,
      message: first ? FOUR_EYES_MESSAGES.firstApprovalRecorded : undefined,
    };
  }

  /**
   * Sends a refused credit again as a new operation (`dep:<id>:<n>`). The refused one failed for good,
   * so nothing was credited; the row lock and the MTStatus it clears let only one retry through.
   */
  private async retry(tx: Tx, before: Row, comment: string, staff: StaffContext, now: number) {
    if (!creditFailed(before)) {
      throw new Conflict('Only an approved deposit whose credit failed on the platform can be retried.');
    }
    await assertNoOperationRunning(tx, [keyOf(before.id)]);
    const key = await nextOperationKey(tx, keyOf(before.id));
    await enqueueOperation(tx, {
      key,
      kind: 'balance',
      payload: {
        login: before.accountNumber,
        amount: LEG_KINDS.deposit.sign * before.depositAmountSent,
        since: before.timestamp,
      },
      now,
    });
    const [after] = await tx
      .update(deposits)
      .set({ mtStatus: '', comment })
      .where(eq(deposits.id, before.id))
      .returning();
    await recordDecision(tx, {
      staff,
      now,
      userId: before.userId,
      event: `Deposit of ${formatMoney(before.depositAmountSent, before.depositCurrency)} to ${before.accountNumber} sent to the platform again (it had failed: ${before.mtStatus})`,
      action: 'deposit.retry',
      entity: 'deposit',
      entityId: before.id,
      before: toWireDeposit(before),
      after: { ...toWireDeposit(after!), operationKey: key },
    });
    return { row: after!, notify: false };
  }

  /** Closes a deposit whose credit failed: rejected, and nothing was credited, so MTStatus is cleared. */
  private async rejectFailed(tx: Tx, before: Row, comment: string, staff: StaffContext, now: number) {
    await assertNoOperationRunning(tx, [keyOf(before.id)]);
    const [after] = await tx
      .update(deposits)
      .set({ status: 'rejected', mtStatus: '', comment, timeRejected: now, adminId: staff.userId })
      .where(eq(deposits.id, before.id))
      .returning();
    await recordDecision(tx, {
      staff,
      now,
      userId: before.userId,
      event: `Deposit of ${formatMoney(before.depositAmountSent, before.depositCurrency)} to ${before.accountNumber} rejected after the platform refused the credit (${before.mtStatus})${withComment(comment)}`,
      action: 'deposit.rejected',
      entity: 'deposit',
      entityId: before.id,
      before: toWireDeposit(before),
      after: toWireDeposit(after!),
    });
    return { row: after!, notify: true };
  }
}

/** Records how the credit ended: SUCCESS, or the platform's error for staff to see (bright red row). */
export const depositSettled: SettledHandler = async (tx: Tx, op, outcome) => {
  const mtStatus = outcome.ok ? 'SUCCESS' : outcome.error;
  await tx
    .update(deposits)
    .set({ mtStatus })
    .where(eq(deposits.id, requestIdOf(op.idempotencyKey)));
};
