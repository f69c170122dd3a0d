import { eq } from 'drizzle-orm';
import { MESSAGES, type UpdateStatus } from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { staffName, type StaffContext } from '../../auth/sessions.ts';
import { enqueueOperation, type SettledHandler } from '../../operations/index.ts';
import { writeClientLog } from '../clients/client-log.ts';
import type { ClientMailer } from './client-mail.ts';
import { toWireWithdrawal } from './rows.ts';
import { formatMoney, planUpdate, toCents } from './transitions.ts';
import { PROVIDER_PROCESSED } from './visibility.ts';

const OPEN = ['pending', 'incomplete'] as const;
export const WITHDRAWAL_KEY_PREFIX = 'wd';

type UpdateInput = {
  _id: string;
  status: UpdateStatus;
  comment: string;
  dontEmailUser: boolean;
  modifyDealAmount: boolean;
  withdrawalAmount?: number;
  withdrawalType?: 'wire' | 'crypto' | 'others';
};

/** Withdrawals: approve (with or without debiting MT5), reject with a reason, or set back to pending. */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wakeWorker: () => void,
    private readonly mailClient: ClientMailer = async () => undefined,
  ) {}

  async update(input: UpdateInput, staff: StaffContext) {
    if (input.status === 'rejected' && !input.comment.trim()) {
      throw new Invalid({ comment: MESSAGES.rejectWithoutReason('withdrawal') });
    }
    if (input.modifyDealAmount && input.withdrawalAmount === undefined) {
      throw new Invalid({ withdrawalAmount: 'Enter the deal amount.' });
    }
    const now = this.clock.now();
    const { row, waitingForProvider } = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, input._id)).for('update');
      if (!before) throw new NotFound('No such withdrawal.');
      const plan = planUpdate(before.status, OPEN, input.status);
      if (!plan) throw new Conflict(`This withdrawal is already ${before.status}.`);
      // SPEC 4: a card-provider withdrawal is paid by the provider first; MT5 is debited once it has processed it.
      const waiting = plan.process && before.providerHandled && before.providerStatus !== PROVIDER_PROCESSED;
      const amount = input.modifyDealAmount ? toCents(input.withdrawalAmount!) : before.withdrawalAmount;
      const [after] = await tx
        .update(withdrawals)
        .set({
          status: waiting ? before.status : plan.status,
          comment: input.comment,
          dontEmailUser: input.dontEmailUser,
          modifyDealAmount: input.modifyDealAmount,
          withdrawalAmount: amount,
          ...(input.withdrawalType ? { withdrawalType: input.withdrawalType } : {}),
          ...(plan.status !== 'pending' && !waiting ? { timeApproved: now, adminId: staff.userId } : {}),
        })
        .where(eq(withdrawals.id, before.id))
        .returning();
      if (plan.process && !waiting) {
        await enqueueOperation(tx, {
          key: `${WITHDRAWAL_KEY_PREFIX}:${before.id}`,
          kind: 'balance',
          payload: { login: before.accountNumber, amount: -amount },
          now,
        });
      }
      const what = waiting
        ? 'approved, waiting for the provider'
        : plan.process
          ? 'approved and sent to the platform'
          : plan.status;
      await writeClientLog(tx, {
        userId: before.userId,
        event: `Withdrawal of ${formatMoney(amount, before.withdrawalCurrency)} from ${before.accountNumber} ${what}${input.comment ? `: ${input.comment}` : ''}`,
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: plan.process ? 'withdrawal.approve-process' : `withdrawal.${plan.status}`,
        entity: 'withdrawal',
        entityId: before.id,
        before: toWireWithdrawal(before),
        after: toWireWithdrawal(after!),
      });
      return { row: after!, waitingForProvider: waiting };
    });
    this.wakeWorker();
    if (!row.dontEmailUser && !waitingForProvider) {
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
      message: waitingForProvider ? MESSAGES.waitingForProvider : 'Withdrawal updated.',
      request: toWireWithdrawal(row),
    };
  }

  async process(id: string, staff: StaffContext) {
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
    );
  }
}

/** A debit the platform refused (e.g. not enough free margin) moves the withdrawal to the Error tab. */
export const withdrawalSettled: SettledHandler = async (tx: Tx, op, outcome) => {
  const id = op.idempotencyKey.slice(WITHDRAWAL_KEY_PREFIX.length + 1);
  await tx
    .update(withdrawals)
    .set(outcome.ok ? { mtStatus: 'SUCCESS' } : { mtStatus: outcome.error, status: 'error' })
    .where(eq(withdrawals.id, id));
};
