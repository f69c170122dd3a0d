import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { MESSAGES } from '@brokerdesk/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { platformOperations, transfers } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { staffName, type StaffContext } from '../../auth/sessions.ts';
import { enqueueOperation, type SettledHandler } from '../../operations/index.ts';
import { writeClientLog } from '../clients/client-log.ts';
import { toWireTransfer } from './rows.ts';
import { formatMoney, planUpdate } from './transitions.ts';

/**
 * An internal transfer moves money in two legs (DESIGN money movement): the source debit
 * (`trs:<id>`), then, once it succeeded, the destination credit (`trd:<id>`). A half-done transfer
 * (source debited, credit refused) shows bright red and is completed (the credit sent again) or
 * reversed (the source refunded, `trr:<id>`) from the update modal. Repeats of a leg get `:<n>`.
 */
export const TRANSFER_PREFIXES = { source: 'trs', destination: 'trd', reverse: 'trr' } as const;
type Row = typeof transfers.$inferSelect;
type Action = 'pending' | 'rejected' | 'approved' | 'approve_process' | 'complete' | 'reverse';

export class TransfersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wakeWorker: () => void,
  ) {}

  async update(input: { _id: string; status: Action; comment: string }, staff: StaffContext) {
    if (input.status === 'rejected' && !input.comment.trim()) {
      throw new Invalid({ comment: MESSAGES.rejectWithoutReason('transfer') });
    }
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(transfers).where(eq(transfers.id, input._id)).for('update');
      if (!before) throw new NotFound('No such transfer.');
      const after =
        input.status === 'complete' || input.status === 'reverse'
          ? await this.repair(tx, before, input.status, now)
          : await this.decide(tx, before, input.status, input.comment, now);
      await writeClientLog(tx, {
        userId: before.userId,
        event: `Transfer of ${formatMoney(before.transferAmount, before.transferCurrency)} from ${before.sourceAccount} to ${before.destinationAccount}: ${input.status}${input.comment ? ` (${input.comment})` : ''}`,
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: `transfer.${input.status}`,
        entity: 'transfer',
        entityId: before.id,
        before: toWireTransfer(before),
        after: toWireTransfer(after),
      });
      return after;
    });
    this.wakeWorker();
    return { success: true, message: 'Transfer updated.', request: toWireTransfer(row) };
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
    action: Exclude<Action, 'complete' | 'reverse'>,
    comment: string,
    now: number,
  ) {
    const plan = planUpdate(before.status, ['pending'], action);
    if (!plan) throw new Conflict(`This transfer is already ${before.status}.`);
    const [after] = await tx
      .update(transfers)
      .set({ status: plan.status, comment, times: { ...(before.times as object), [plan.status]: now } })
      .where(eq(transfers.id, before.id))
      .returning();
    if (plan.process) await enqueueLeg(tx, before, 'source', now);
    return after!;
  }

  /** Completing or reversing a half-done transfer; never while one of its legs is still running. */
  private async repair(tx: Tx, t: Row, action: 'complete' | 'reverse', now: number) {
    if (t.status !== 'approved')
      throw new Conflict('Only an approved transfer can be completed or reversed.');
    const [busy] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(platformOperations)
      .where(
        and(
          like(platformOperations.idempotencyKey, `tr_:${t.id}%`),
          inArray(platformOperations.state, ['queued', 'running']),
        ),
      );
    if (busy && busy.n > 0)
      throw new Conflict('The platform is still working on this transfer. Try again in a moment.');
    const sourceFailed = t.sourceMtStatus !== '' && t.sourceMtStatus !== 'SUCCESS';
    const destinationFailed =
      t.sourceMtStatus === 'SUCCESS' && t.destinationMtStatus !== '' && t.destinationMtStatus !== 'SUCCESS';
    if (action === 'complete' && sourceFailed) {
      await enqueueLeg(tx, t, 'source', now);
      return this.setStatuses(tx, t.id, { sourceMtStatus: '' });
    }
    if (action === 'complete' && destinationFailed) {
      await enqueueLeg(tx, t, 'destination', now);
      return this.setStatuses(tx, t.id, { destinationMtStatus: '' });
    }
    if (action === 'reverse' && destinationFailed) {
      await enqueueLeg(tx, t, 'reverse', now);
      return t;
    }
    throw new Conflict(
      action === 'complete'
        ? 'Nothing is left to complete on this transfer.'
        : 'Only a transfer whose source was debited and whose credit failed can be reversed.',
    );
  }

  private async setStatuses(tx: Tx, id: string, set: Partial<Row>) {
    const [after] = await tx.update(transfers).set(set).where(eq(transfers.id, id)).returning();
    return after!;
  }
}

async function enqueueLeg(
  tx: DbOrTx,
  t: Row,
  leg: keyof typeof TRANSFER_PREFIXES,
  now: number,
): Promise<void> {
  const base = `${TRANSFER_PREFIXES[leg]}:${t.id}`;
  const [prior] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(platformOperations)
    .where(like(platformOperations.idempotencyKey, `${base}%`));
  const n = prior?.n ?? 0;
  if (n > 9) throw new Conflict('This transfer leg was tried too many times; handle it on the platform.');
  const login = leg === 'destination' ? t.destinationAccount : t.sourceAccount;
  const amount = leg === 'source' ? -t.transferAmount : t.transferAmount;
  await enqueueOperation(tx, {
    key: n === 0 ? base : `${base}:${n}`,
    kind: 'balance',
    payload: { login, amount },
    now,
  });
}

const transferId = (key: string) => key.split(':')[1]!;

export const transferSourceSettled: SettledHandler = async (tx, op, outcome) => {
  const id = transferId(op.idempotencyKey);
  const [t] = await tx
    .update(transfers)
    .set({ sourceMtStatus: outcome.ok ? 'SUCCESS' : outcome.error })
    .where(eq(transfers.id, id))
    .returning();
  // The credit goes out only once the debit has certainly happened.
  if (outcome.ok && t) await enqueueLeg(tx, t, 'destination', op.updatedAt);
};

export const transferDestinationSettled: SettledHandler = async (tx, op, outcome) => {
  await tx
    .update(transfers)
    .set({ destinationMtStatus: outcome.ok ? 'SUCCESS' : outcome.error })
    .where(eq(transfers.id, transferId(op.idempotencyKey)));
};

export const transferReverseSettled: SettledHandler = async (tx, op, outcome) => {
  const id = transferId(op.idempotencyKey);
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
