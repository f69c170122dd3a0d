import { eq } from 'drizzle-orm';
import { MESSAGES, type UpdateStatus } from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { deposits } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { staffName, type StaffContext } from '../../auth/sessions.ts';
import { enqueueOperation, type SettledHandler } from '../../operations/index.ts';
import { writeClientLog } from '../clients/client-log.ts';
import type { ClientMailer } from './client-mail.ts';
import { toWireDeposit } from './rows.ts';
import { formatMoney, planUpdate, toCents } from './transitions.ts';

/** Deposits staff may still act on (SPEC 4: incomplete deposits can be approved or rejected). */
const OPEN = ['pending', 'incomplete'] as const;
export const DEPOSIT_KEY_PREFIX = 'dep';

/** Deposits: approve (with or without crediting MT5), reject with a reason, or set back to pending. */
export class DepositsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wakeWorker: () => void,
    private readonly mailClient: ClientMailer = async () => undefined,
  ) {}

  async update(
    input: {
      _id: string;
      status: UpdateStatus;
      comment: string;
      modifyDealAmount: boolean;
      depositAmountSent?: number;
    },
    staff: StaffContext,
  ) {
    if (input.status === 'rejected' && !input.comment.trim()) {
      throw new Invalid({ comment: MESSAGES.rejectWithoutReason('deposit') });
    }
    if (input.modifyDealAmount && input.depositAmountSent === undefined) {
      throw new Invalid({ depositAmountSent: 'Enter the deal amount.' });
    }
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(deposits).where(eq(deposits.id, input._id)).for('update');
      if (!before) throw new NotFound('No such deposit.');
      const plan = planUpdate(before.status, OPEN, input.status);
      if (!plan) throw new Conflict(`This deposit is already ${before.status}.`);
      const amount = input.modifyDealAmount ? toCents(input.depositAmountSent!) : before.depositAmountSent;
      const [after] = await tx
        .update(deposits)
        .set({
          status: plan.status,
          comment: input.comment,
          modifyDealAmount: input.modifyDealAmount,
          depositAmountSent: amount,
          ...(plan.status === 'approved' ? { timeApproved: now, adminId: staff.userId } : {}),
          ...(plan.status === 'rejected' ? { timeRejected: now, adminId: staff.userId } : {}),
        })
        .where(eq(deposits.id, before.id))
        .returning();
      if (plan.process) {
        await enqueueOperation(tx, {
          key: `${DEPOSIT_KEY_PREFIX}:${before.id}`,
          kind: 'balance',
          payload: { login: before.accountNumber, amount },
          now,
        });
      }
      const what = plan.process ? 'approved and sent to the platform' : plan.status;
      await writeClientLog(tx, {
        userId: before.userId,
        event: `Deposit of ${formatMoney(amount, before.depositCurrency)} to ${before.accountNumber} ${what}${input.comment ? `: ${input.comment}` : ''}`,
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: plan.process ? 'deposit.approve-process' : `deposit.${plan.status}`,
        entity: 'deposit',
        entityId: before.id,
        before: toWireDeposit(before),
        after: toWireDeposit(after!),
      });
      return after!;
    });
    this.wakeWorker();
    if (!row.dontEmailUser) {
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
    return { success: true, message: 'Deposit updated.', request: toWireDeposit(row) };
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
}

/** Records how the credit ended: SUCCESS, or the platform's error for staff to see (bright red row). */
export const depositSettled: SettledHandler = async (tx: Tx, op, outcome) => {
  const id = op.idempotencyKey.slice(DEPOSIT_KEY_PREFIX.length + 1);
  const mtStatus = outcome.ok ? 'SUCCESS' : outcome.error;
  await tx.update(deposits).set({ mtStatus }).where(eq(deposits.id, id));
};
