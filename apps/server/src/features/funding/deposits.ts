import { eq } from 'drizzle-orm';
import {
  FOUR_EYES_MESSAGES,
  REQUEST_KIND_WIRES,
  calls,
  type DepositUpdateStatus,
} from '@brokerdesk/contract';
import type { Tx } from '../../db/client.ts';
import { deposits } from '../../db/schema.ts';
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
  isFailedMtStatus,
  requestIdOf,
} from './decisions.ts';
import { toWireDeposit } from './rows.ts';
import { LEG_KINDS, REQUEST_KINDS, legKey } from './kinds.ts';
import { formatMoney, toCents } from './transitions.ts';

type Row = typeof deposits.$inferSelect;
export type DepositDecision = {
  id: string;
  status: DepositUpdateStatus;
  comment: string;
  modifyDealAmount: boolean;
  depositAmountSent?: number;
};
type Ctx = DecisionContext<Row, DepositDecision>;
const WIRE = REQUEST_KIND_WIRES.deposit;

const keyOf = (id: string) => legKey('deposit', id);
const describe = (d: Row, amount = d.depositAmountSent) =>
  `Deposit of ${formatMoney(amount, d.depositCurrency)} to ${d.accountNumber}`;
/** The credit of a deposit: its amount, signed as the leg is, and where a look-up for its deal starts. */
const credit = (d: Row, amount: number) =>
  ({
    kind: 'balance',
    payload: { login: d.accountNumber, amount: LEG_KINDS.deposit.sign * amount, since: d.timestamp },
  }) as const;

/** Approved, and the platform refused the credit: it can be sent again or the deposit rejected. */
export const creditFailed = (d: Pick<Row, 'status' | 'mtStatus'>) =>
  d.status === 'approved' && isFailedMtStatus(d.mtStatus);

/**
 * Deposits: approve (with or without crediting the account on the platform), reject with a reason,
 * set back to pending; and, when the platform refused the credit, send it again or reject the deposit.
 */
export const depositKind = defineRequestKind<Row, DepositDecision>()({
  wire: WIRE,
  ...requestTable<Row>(deposits, 'No such deposit.'),
  audit: { entity: 'deposit', prefix: 'deposit', wire: toWireDeposit },
  check: (input) => checkDealAmount(input, 'depositAmountSent', input.depositAmountSent),
  // A deposit whose credit the platform holds is never rejected (decisions.ts assertNoDealOnPlatform).
  beforeDecision: lookForDealBeforeRejecting('deposit', deposits, keyOf),

  decide: (ctx) => {
    if (ctx.input.status === 'retry') return retry(ctx);
    if (ctx.input.status === 'rejected' && creditFailed(ctx.before)) return rejectFailed(ctx);
    return decide({ ...ctx, input: { ...ctx.input, status: ctx.input.status } });
  },
  notify: async (d, deps) => {
    if (d.dontEmailUser) return;
    await deps.mailClient({
      userId: d.userId,
      kind: 'deposit',
      status: d.status,
      amount: d.depositAmountSent,
      currency: d.depositCurrency,
      account: d.accountNumber,
      comment: d.comment,
    });
  },
  reply: fundingReply('Deposit updated.', toWireDeposit),

  bulk: {
    call: calls.bulk.BULK_CALLS.deposit,
    // The list's Approve button: approve and credit the account, the stored comment kept.
    approve: (d) => ({ id: d.id, status: 'approve_process', comment: d.comment, modifyDealAmount: false }),
    reject: (d, reason) => ({ id: d.id, status: 'rejected', comment: reason, modifyDealAmount: false }),
  },
});

async function decide(
  ctx: Ctx & { input: { status: Exclude<DepositUpdateStatus, 'retry'> } },
): Promise<Decided<Row>> {
  const { tx, before, input, staff, now } = ctx;
  const amount = input.modifyDealAmount ? toCents(input.depositAmountSent!) : before.depositAmountSent;
  const { plan, first, approval } = await planDecision(
    ctx,
    WIRE,
    { ...before, target: input.status, comment: input.comment },
    {
      type: 'deposit',
      amount,
      currency: before.depositCurrency,
      amountField: REQUEST_KINDS.deposit.amountField,
    },
  );
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
  if (plan.process && !first) await sendToPlatform(ctx, keyOf(before.id), credit(before, amount));
  const what = first
    ? firstApprovalNote(approval!)
    : plan.process
      ? 'approved and sent to the platform'
      : plan.status;
  return {
    after: after!,
    action: first ? 'first-approval' : plan.process ? 'approve-process' : plan.status,
    event: `${describe(before, amount)} ${what}${withComment(input.comment)}`,
    notify: !first && plan.status !== 'pending',
    approval,
    auditAfter: approval ? { approval } : {},
    message: first ? FOUR_EYES_MESSAGES.firstApprovalRecorded : undefined,
  };
}

/**
 * Sends a refused credit again as a new operation (`dep:<id>:<n>`). The refused one failed for good,
 * so nothing was credited; the row lock and the MTStatus it clears let only one retry through.
 */
async function retry({ tx, before, input, now }: Ctx): Promise<Decided<Row>> {
  if (!creditFailed(before)) {
    throw new Conflict('Only an approved deposit whose credit failed on the platform can be retried.');
  }
  await assertNoOperationRunning(tx, [keyOf(before.id)]);
  const key = await sendToPlatform({ tx, now }, keyOf(before.id), credit(before, before.depositAmountSent));
  const [after] = await tx
    .update(deposits)
    .set({ mtStatus: '', comment: input.comment })
    .where(eq(deposits.id, before.id))
    .returning();
  return {
    after: after!,
    action: 'retry',
    event: `${describe(before)} sent to the platform again (it had failed: ${before.mtStatus})`,
    auditAfter: { operationKey: key },
  };
}

/** Closes a deposit whose credit failed: rejected, and nothing was credited, so MTStatus is cleared. */
function rejectFailed(ctx: Ctx): Promise<Decided<Row>> {
  return rejectRefusedLeg(ctx, {
    table: deposits,
    operationKey: keyOf(ctx.before.id),
    described: describe(ctx.before),
    leg: 'credit',
  });
}

/** Records how the credit ended: SUCCESS, or the platform's error for staff to see (bright red row). */
export const depositSettled: SettledHandler = async (tx: Tx, op, outcome) => {
  const mtStatus = outcome.ok ? 'SUCCESS' : outcome.error;
  await tx
    .update(deposits)
    .set({ mtStatus })
    .where(eq(deposits.id, requestIdOf(op.idempotencyKey)));
};
