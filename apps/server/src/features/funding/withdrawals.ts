import { eq } from 'drizzle-orm';
import {
  FOUR_EYES_MESSAGES,
  MESSAGES,
  REQUEST_KIND_WIRES,
  calls,
  type WithdrawalUpdateStatus,
} from '@brokerdesk/contract';
import type { Tx } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import { Conflict } from '../../http/errors.ts';
import type { SettledHandler } from '../../operations/index.ts';
import { defineRequestKind, requestTable, type Decided, type DecisionContext } from '../requests/kind.ts';
import { planDecision, rejectRefusedLeg, sendToPlatform, withComment } from '../requests/planned.ts';
import {
  lookForDealBeforeRejecting,
  assertNoOperationRunning,
  checkDealAmount,
  firstApprovalNote,
  fundingReply,
  requestIdOf,
} from './decisions.ts';
import { toWireWithdrawal } from './rows.ts';
import type { ClientNotice } from './client-mail.ts';
import { LEG_KINDS, REQUEST_KINDS, legKey } from './kinds.ts';
import { formatMoney, toCents } from './transitions.ts';
import { PAYOUT, PROVIDER_PROCESSED } from './visibility.ts';

type Row = typeof withdrawals.$inferSelect;
export type WithdrawalDecision = {
  id: string;
  status: WithdrawalUpdateStatus;
  comment: string;
  dontEmailUser: boolean;
  modifyDealAmount: boolean;
  withdrawalAmount?: number;
  withdrawalType?: 'wire' | 'crypto' | 'others';
  /** The provider variant of the calls: for card-provider withdrawals only. */
  providerOnly?: boolean;
};
type Ctx = DecisionContext<Row, WithdrawalDecision>;
const WIRE = REQUEST_KIND_WIRES.withdrawal;

const keyOf = (id: string) => legKey('withdrawal', id);
const describe = (w: Row, amount = w.withdrawalAmount) =>
  `Withdrawal of ${formatMoney(amount, w.withdrawalCurrency)} from ${w.accountNumber}`;

/** Enqueues the debit of an approved withdrawal: its first one, or a repeat after a refused one. */
export async function enqueueDebit(tx: Tx, w: Row, now: number): Promise<string> {
  return sendToPlatform({ tx, now }, keyOf(w.id), {
    kind: 'balance',
    payload: {
      login: w.accountNumber,
      amount: LEG_KINDS.withdrawal.sign * w.withdrawalAmount,
      since: w.timestamp,
    },
  });
}

/**
 * Withdrawals: approve (with or without debiting the platform), reject with a reason, set back to
 * pending; and from the Error tab (the platform refused the debit) send the debit again or reject the
 * withdrawal. A card-provider withdrawal is debited only once the provider has processed its order.
 */
export const withdrawalKind = defineRequestKind<Row, WithdrawalDecision>()({
  wire: WIRE,
  ...requestTable<Row>(withdrawals, 'No such withdrawal.'),
  audit: { entity: 'withdrawal', prefix: 'withdrawal', wire: toWireWithdrawal },
  // A card-provider withdrawal waits for staff only once the provider has processed it.
  counts: `status = 'pending' and (not provider_handled or provider_status = 'PROCESSED')`,
  check: (input) => checkDealAmount(input, 'withdrawalAmount', input.withdrawalAmount),
  // A withdrawal whose debit the platform holds is never rejected (decisions.ts assertNoDealOnPlatform).
  beforeDecision: lookForDealBeforeRejecting('withdrawal', withdrawals, keyOf),

  decide: (ctx) => {
    if (ctx.input.providerOnly && !ctx.before.providerHandled) {
      throw new Conflict('This withdrawal is not handled by the payment provider.');
    }
    if (ctx.input.status === 'retry') return retry(ctx);
    if (ctx.input.status === 'rejected' && ctx.before.status === 'error') return rejectFailed(ctx);
    return decide({ ...ctx, input: { ...ctx.input, status: ctx.input.status } });
  },
  notify: async (w, deps) => {
    if (!w.dontEmailUser) await deps.mailClient(withdrawalNotice(w));
  },

  reply: fundingReply('Withdrawal updated.', toWireWithdrawal),

  bulk: {
    call: calls.bulk.BULK_CALLS.withdrawal,
    // The list's Approve button, the stored comment and notice choice kept.
    approve: (w) => ({
      id: w.id,
      status: 'approve_process',
      comment: w.comment,
      dontEmailUser: w.dontEmailUser,
      modifyDealAmount: false,
    }),
    reject: (w, reason) => ({
      id: w.id,
      status: 'rejected',
      comment: reason,
      dontEmailUser: w.dontEmailUser,
      modifyDealAmount: false,
    }),
  },
});

async function decide(
  ctx: Ctx & { input: { status: Exclude<WithdrawalUpdateStatus, 'retry'> } },
): Promise<Decided<Row>> {
  const { tx, before, input, staff, now } = ctx;
  const amount = input.modifyDealAmount ? toCents(input.withdrawalAmount!) : before.withdrawalAmount;
  if (
    ['approved', 'approve_process'].includes(input.status) &&
    (WIRE.open as readonly string[]).includes(before.status) &&
    before.providerPayoutStatus === PAYOUT.approvedAhead
  ) {
    throw new Conflict('This withdrawal is already approved; it waits for the provider to process it.');
  }
  const { plan, first, approval } = await planDecision(
    ctx,
    WIRE,
    { ...before, target: input.status, comment: input.comment },
    {
      type: 'withdrawal',
      amount,
      currency: before.withdrawalCurrency,
      amountField: REQUEST_KINDS.withdrawal.amountField,
    },
  );
  // The provider pays the client's card; the platform is debited once it has processed the order.
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
    ? firstApprovalNote(approval!)
    : waiting
      ? 'approved, waiting for the provider'
      : plan.process
        ? 'approved and sent to the platform'
        : plan.status;
  return {
    after: after!,
    action: first
      ? 'first-approval'
      : waiting
        ? 'approve-awaiting-provider'
        : plan.process
          ? 'approve-process'
          : plan.status,
    event: `${describe(before, amount)} ${what}${withComment(input.comment)}`,
    notify: !first && !waiting && plan.status !== 'pending',
    approval,
    auditAfter: approval ? { approval } : {},
    message: first
      ? FOUR_EYES_MESSAGES.firstApprovalRecorded
      : waiting
        ? MESSAGES.waitingForProvider
        : undefined,
  };
}

/** Sends a refused debit again as a new operation (`wd:<id>:<n>`); the Error tab's Retry. */
async function retry({ tx, before, input, staff, now }: Ctx): Promise<Decided<Row>> {
  if (before.status !== 'error') {
    throw new Conflict('Only a withdrawal in the Error tab can be sent to the platform again.');
  }
  await assertNoOperationRunning(tx, [keyOf(before.id)]);
  const [after] = await tx
    .update(withdrawals)
    .set({
      status: 'approved',
      mtStatus: '',
      comment: input.comment,
      timeApproved: now,
      adminId: staff.userId,
      ...(before.providerHandled ? { providerPayoutStatus: PAYOUT.waiting } : {}),
    })
    .where(eq(withdrawals.id, before.id))
    .returning();
  const key = await enqueueDebit(tx, after!, now);
  return {
    after: after!,
    action: 'retry',
    event: `${describe(before)} sent to the platform again (it had failed: ${before.mtStatus})`,
    auditAfter: { operationKey: key },
  };
}

/** Closes a withdrawal whose debit was refused: rejected, nothing was debited, MTStatus cleared. */
function rejectFailed(ctx: Ctx): Promise<Decided<Row>> {
  return rejectRefusedLeg(ctx, {
    table: withdrawals,
    operationKey: keyOf(ctx.before.id),
    described: describe(ctx.before),
    leg: 'debit',
    extra: ctx.before.providerHandled ? { providerPayoutStatus: '' } : {},
  });
}

/** The client's notice of a decided withdrawal. */
export const withdrawalNotice = (w: Row): ClientNotice => ({
  userId: w.userId,
  kind: 'withdrawal',
  status: w.status,
  amount: w.withdrawalAmount,
  currency: w.withdrawalCurrency,
  account: w.accountNumber,
  comment: w.comment,
});

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
