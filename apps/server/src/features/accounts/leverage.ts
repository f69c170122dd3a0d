import { eq } from 'drizzle-orm';
import { MESSAGES, type PagedRequest } from '@brokerdesk/contract';
import type { Db, Tx } from '../../db/client.ts';
import { leverageChanges, tradingAccounts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { staffName, type StaffContext } from '../../auth/sessions.ts';
import { enqueueOperation, keyReference, type SettledHandler } from '../../operations/index.ts';
import { assertNoOperationRunning, isFailedMtStatus, nextOperationKey } from '../funding/decisions.ts';
import { writeClientLog } from '../clients/client-log.ts';
import { planList, type ListSpec } from '../../lib/paged-query.ts';
import { readPage } from '../../lib/read-page.ts';
import { lookupClients } from '../funding/list.ts';
import { clientNameField } from '../../lib/client-columns.ts';
import { ACCOUNT_KEYS } from './keys.ts';
import { leverageNumber, toWireLeverage } from './rows.ts';

type Target = 'pending' | 'approved' | 'rejected' | 'approve_process' | 'retry';

/** The columns of SPEC 2.18 the list sorts and filters by (old and new leverage are shown only). */
const LEVERAGE_LIST: ListSpec = {
  tieBreaker: leverageChanges.id,
  defaultSort: { field: 'timestamp', order: 'desc' },
  fields: {
    timestamp: { column: leverageChanges.timestamp, sortable: true, filter: 'number' },
    accountNumber: { column: leverageChanges.accountNumber, sortable: true, filter: 'number' },
    accountType: { column: leverageChanges.accountType, sortable: true, filter: 'select' },
    client: clientNameField(leverageChanges),
  },
};

/** The where and order of a leverage-change view (also what its CSV export runs). */
export function planLeverageChanges(status: string, req: PagedRequest) {
  return planList(LEVERAGE_LIST, req, [eq(leverageChanges.status, status)]);
}

/** Change-leverage requests (SPEC 2.18): approving one sets the leverage on the platform, exactly once. */
export class LeverageService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wakeWorker: () => void,
  ) {}

  /** One server page of the changes of a status (SPEC 2.18), newest first unless sorted. */
  async list(status: string, req: PagedRequest) {
    const plan = planLeverageChanges(status, req);
    const { rows, total } = await readPage(this.db, leverageChanges, plan);
    const leverages = rows.map(toWireLeverage);
    return {
      leverages,
      users: await lookupClients(
        this.db,
        leverages.map((l) => l.userId),
      ),
      ...total,
    };
  }

  /** One change by id with its client, as the list shows it (a deep link to a row off the page). */
  async one(id: string) {
    const [row] = await this.db.select().from(leverageChanges).where(eq(leverageChanges.id, id)).limit(1);
    if (!row) throw new NotFound('No such leverage change.');
    return { leverage: toWireLeverage(row), users: await lookupClients(this.db, [row.userId]) };
  }

  /**
   * The update modal and the list's Approve/Reject. Approving sends the new leverage to the platform
   * ('Set as approved' records the decision only); rejecting needs a reason.
   */
  async decide(id: string, target: Target, comment: string, staff: StaffContext) {
    if (target === 'rejected' && !comment.trim())
      throw new Invalid({ comment: MESSAGES.rejectWithoutReason('leverage change') });
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(leverageChanges)
        .where(eq(leverageChanges.id, id))
        .for('update');
      if (!before) throw new NotFound('No such leverage change.');
      if (refused(before)) return this.repair(tx, before, target, comment, staff, now);
      if (before.status !== 'pending' || target === 'retry')
        throw new Conflict(`This leverage change is already ${before.status}.`);
      const status = target === 'approve_process' ? 'approved' : target;
      const [after] = await tx
        .update(leverageChanges)
        .set({ status, comment })
        .where(eq(leverageChanges.id, id))
        .returning();
      if (target === 'approve_process') {
        const leverage = leverageNumber(before.newLeverage);
        await enqueueOperation(tx, {
          key: `${ACCOUNT_KEYS.leverage}:${id}`,
          kind: 'setLeverage',
          payload: { login: before.accountNumber, leverage },
          now,
        });
      }
      await recordDecision(tx, { before, after: after!, target, what: status, comment, staff, now });
      return after!;
    });
    this.wakeWorker();
    return { success: true, message: 'Leverage change updated.', request: toWireLeverage(row) };
  }

  /**
   * An approved change the platform refused (MT5 kept the old leverage, for one): sent again as a new
   * operation (`lev:<id>:<n>`), or closed as rejected, since nothing changed on the platform.
   */
  private async repair(
    tx: Tx,
    before: Row,
    target: Target,
    comment: string,
    staff: StaffContext,
    now: number,
  ): Promise<Row> {
    if (target !== 'retry' && target !== 'rejected') {
      throw new Conflict(
        `The platform refused this leverage change (${before.mtStatus}): retry it or reject it.`,
      );
    }
    const base = `${ACCOUNT_KEYS.leverage}:${before.id}`;
    await assertNoOperationRunning(tx, [base]);
    const key = target === 'retry' ? await nextOperationKey(tx, base) : null;
    const [after] = await tx
      .update(leverageChanges)
      .set({ status: target === 'retry' ? 'approved' : 'rejected', mtStatus: '', comment })
      .where(eq(leverageChanges.id, before.id))
      .returning();
    if (key) {
      await enqueueOperation(tx, {
        key,
        kind: 'setLeverage',
        payload: { login: before.accountNumber, leverage: leverageNumber(before.newLeverage) },
        now,
      });
    }
    const what = `${key ? 'sent to the platform again' : 'rejected'} (it had failed: ${before.mtStatus})`;
    await recordDecision(tx, { before, after: after!, target, what, comment, staff, now, operationKey: key });
    return after!;
  }
}

type Row = typeof leverageChanges.$inferSelect;

/** The client log line and the audit row of a decision on a leverage change, in its transaction. */
async function recordDecision(
  tx: Tx,
  d: {
    before: Row;
    after: Row;
    target: Target;
    what: string;
    comment: string;
    staff: StaffContext;
    now: number;
    operationKey?: string | null;
  },
): Promise<void> {
  const { before, after, staff, now } = d;
  await writeClientLog(tx, {
    userId: before.userId,
    event: `Leverage change of ${before.accountNumber} to 1:${leverageNumber(before.newLeverage)} ${d.what}${d.comment ? `: ${d.comment}` : ''}`,
    actionedBy: staff.userId,
    customName: staffName(staff),
    now,
  });
  await audit(tx, now, {
    actorId: staff.userId,
    action: `leverage.${d.target}`,
    entity: 'leverage_change',
    entityId: before.id,
    before: toWireLeverage(before),
    after: { ...toWireLeverage(after), ...(d.operationKey ? { operationKey: d.operationKey } : {}) },
  });
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
