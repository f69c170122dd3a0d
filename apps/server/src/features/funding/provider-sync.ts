import { and, asc, eq, gt, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderOrder,
} from '../../integrations/payments/index.ts';
import { neverFails, type ClientMailer } from './client-mail.ts';
import { recordDecision } from './decisions.ts';
import { toWireWithdrawal } from './rows.ts';
import { KeysetWalk } from './keyset-walk.ts';
import { formatMoney } from './transitions.ts';
import { PAYOUT, PROVIDER_PROCESSED } from './visibility.ts';
import { enqueueDebit, withdrawalNotice } from './withdrawals.ts';

type Row = typeof withdrawals.$inferSelect;
type Log = { warn?: (o: object, m: string) => void; error?: (o: object, m: string) => void };

export type SyncTally = {
  processed: number;
  declined: number;
  approved: number;
  paidOut: number;
  cancelled: number;
};

/** Orders asked about in one call to the provider, and rows read at a time. */
const BATCH = 100;
/** Batches one round reads at most per kind of work; the next round carries on from there. */
const BATCHES_PER_ROUND = 50;

/**
 * Keeps card-provider withdrawals in step with the provider's orders
 * (docs/product.md [state.provider-withdrawal]), outside any transaction:
 * - an order the provider has processed shows in the pending list; one approved ahead of that is
 *   approved now and its platform debit enqueued (in the same transaction as the change);
 * - an order the provider declined or cancelled ends declined;
 * - once the platform debit succeeded the provider is told to pay the client; a rejected withdrawal's
 *   order is cancelled at the provider.
 * Each change is a compare-and-set on the row, and the provider's calls are idempotent per order, so
 * several servers may run it and a call repeated after a crash does no harm. Each kind of work walks
 * its rows by id with a cursor (keyset-walk.ts), so every open order is polled however many there are,
 * even when the first ones never move.
 */
export class ProviderOrderSync {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      provider: PaymentProvider;
      clock: Clock;
      wakeWorker?: () => void;
      mailClient?: ClientMailer;
      log?: Log;
      /** After a round changed withdrawals: the alert rules look at them (docs/product.md [alerts.when]). */
      afterChange?: () => void;
      /** Rows a batch (and orders a provider call); tests make it small. */
      batchSize?: number;
      /** Batches one round reads at most, per kind of work. */
      batchesPerRound?: number;
    },
  ) {
    const size = deps.batchSize ?? BATCH;
    const rounds = deps.batchesPerRound ?? BATCHES_PER_ROUND;
    this.walks = {
      open: new KeysetWalk(size, rounds),
      payOut: new KeysetWalk(size, rounds),
      cancel: new KeysetWalk(size, rounds),
    };
  }

  private readonly walks: Record<'open' | 'payOut' | 'cancel', KeysetWalk>;

  start(intervalSeconds: number): void {
    if (this.timer || intervalSeconds <= 0) return;
    this.timer = setInterval(() => {
      if (this.round) return;
      this.round = this.runOnce()
        .catch((err: unknown) => this.deps.log?.error?.({ err: String(err) }, 'payment provider sync failed'))
        .finally(() => (this.round = undefined));
    }, intervalSeconds * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }

  async runOnce(): Promise<SyncTally> {
    const tally: SyncTally = { processed: 0, declined: 0, approved: 0, paidOut: 0, cancelled: 0 };
    await this.learnOrders(tally);
    await this.payOut(tally);
    await this.cancelRejected(tally);
    if (tally.approved > 0) this.deps.wakeWorker?.();
    if (tally.processed + tally.declined > 0) this.deps.afterChange?.();
    return tally;
  }

  /**
   * Pending withdrawals whose order is not processed yet: has the provider moved on? Walked by id
   * (the partial index withdrawals_provider_open_idx), a batch per provider call.
   */
  private async learnOrders(tally: SyncTally): Promise<void> {
    const { db } = this.deps;
    await this.walks.open.round(
      (after, limit) =>
        db
          .select({ id: withdrawals.id, orderId: withdrawals.providerOrderId })
          .from(withdrawals)
          .where(
            and(
              eq(withdrawals.providerHandled, true),
              inArray(withdrawals.status, ['pending', 'incomplete']),
              ne(withdrawals.providerStatus, PROVIDER_PROCESSED),
              gt(withdrawals.id, after),
            ),
          )
          .orderBy(asc(withdrawals.id))
          .limit(limit),
      async (open) => {
        const orders = await this.call(() => this.deps.provider.orders(open.map((o) => o.orderId)));
        if (!orders) return false;
        const byOrder = new Map(orders.map((o) => [o.orderId, o]));
        for (const { id, orderId } of open) {
          const order = byOrder.get(orderId);
          if (order && order.status !== 'CREATED') await this.orderMoved(id, order, tally);
        }
        return true;
      },
    );
  }

  /** Whole rows matching `where`, walked by id with `walk`. */
  private rowsAfter(where: SQL) {
    return (after: string, limit: number) =>
      this.deps.db
        .select()
        .from(withdrawals)
        .where(and(where, gt(withdrawals.id, after)))
        .orderBy(asc(withdrawals.id))
        .limit(limit);
  }

  private async orderMoved(id: string, order: ProviderOrder, tally: SyncTally): Promise<void> {
    const now = this.deps.clock.now();
    const approved = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      if (!before || !['pending', 'incomplete'].includes(before.status)) return null;
      if (before.providerStatus === order.status) return null;
      const processed = order.status === 'PROCESSED';
      const ahead = processed && before.providerPayoutStatus === PAYOUT.approvedAhead;
      const [after] = await tx
        .update(withdrawals)
        .set(
          processed
            ? {
                providerStatus: order.status,
                ...(ahead
                  ? { status: 'approved', timeApproved: now, providerPayoutStatus: PAYOUT.waiting }
                  : {}),
              }
            : { providerStatus: order.status, status: 'declined', providerPayoutStatus: '' },
        )
        .where(eq(withdrawals.id, id))
        .returning();
      if (ahead) await enqueueDebit(tx, after!, now);
      const what = ahead
        ? 'processed by the payment provider; approved earlier, now sent to the platform'
        : processed
          ? 'processed by the payment provider'
          : `${order.status.toLowerCase()} by the payment provider`;
      await recordDecision(tx, {
        staff: null,
        now,
        userId: before.userId,
        event: `${describe(before)} ${what}`,
        action: ahead
          ? 'withdrawal.provider-processed.approve-process'
          : `withdrawal.provider-${order.status.toLowerCase()}`,
        entity: 'withdrawal',
        entityId: id,
        before: toWireWithdrawal(before),
        after: toWireWithdrawal(after!),
      });
      if (processed) tally.processed++;
      else tally.declined++;
      return ahead ? after! : null;
    });
    if (approved) {
      tally.approved++;
      if (!approved.dontEmailUser) await this.mail(approved);
    }
  }

  /** Debited on the platform: the provider pays the client. */
  private async payOut(tally: SyncTally): Promise<void> {
    const due = and(
      eq(withdrawals.providerHandled, true),
      eq(withdrawals.status, 'approved'),
      eq(withdrawals.mtStatus, 'SUCCESS'),
      eq(withdrawals.providerStatus, PROVIDER_PROCESSED),
      notInArray(withdrawals.providerPayoutStatus, [PAYOUT.paid, PAYOUT.failed]),
    )!;
    await this.walks.payOut.round(this.rowsAfter(due), async (batch) => {
      for (const w of batch) {
        const outcome = await this.settleCall(() => this.deps.provider.payOut(w.providerOrderId));
        if (outcome === 'retry') continue;
        const payout = outcome === 'ok' ? PAYOUT.paid : PAYOUT.failed;
        if (await this.setOrder(w, { providerPayoutStatus: payout }, `payout ${payout.toLowerCase()}`)) {
          if (outcome === 'ok') tally.paidOut++;
        }
      }
      return true;
    });
  }

  /** Rejected by the broker: the provider cancels the order. */
  private async cancelRejected(tally: SyncTally): Promise<void> {
    const due = and(
      eq(withdrawals.providerHandled, true),
      eq(withdrawals.status, 'rejected'),
      notInArray(withdrawals.providerStatus, ['CANCELLED', 'DECLINED']),
    )!;
    await this.walks.cancel.round(this.rowsAfter(due), async (batch) => {
      for (const w of batch) {
        const outcome = await this.settleCall(() => this.deps.provider.cancel(w.providerOrderId));
        if (outcome !== 'ok') continue;
        if (
          await this.setOrder(w, { providerStatus: 'CANCELLED' }, 'order cancelled at the payment provider')
        )
          tally.cancelled++;
      }
      return true;
    });
  }

  /** Records the provider's answer if the row is still as it was read; audited. */
  private async setOrder(w: Row, set: Partial<Row>, what: string): Promise<boolean> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [after] = await tx
        .update(withdrawals)
        .set(set)
        .where(
          and(
            eq(withdrawals.id, w.id),
            eq(withdrawals.status, w.status),
            eq(withdrawals.providerStatus, w.providerStatus),
            eq(withdrawals.providerPayoutStatus, w.providerPayoutStatus),
          ),
        )
        .returning();
      if (!after) return false;
      await recordDecision(tx, {
        staff: null,
        now,
        userId: w.userId,
        event: `${describe(w)}: ${what}`,
        action: 'withdrawal.provider-order',
        entity: 'withdrawal',
        entityId: w.id,
        before: toWireWithdrawal(w),
        after: toWireWithdrawal(after),
      });
      return true;
    });
  }

  /** 'ok', 'refused' (for good: recorded for staff) or 'retry' (next round). */
  private async settleCall(run: () => Promise<unknown>): Promise<'ok' | 'refused' | 'retry'> {
    try {
      await run();
      return 'ok';
    } catch (err) {
      const permanent = err instanceof PaymentProviderError && err.kind === 'permanent';
      this.deps.log?.warn?.({ err: String(err) }, 'payment provider refused a call');
      return permanent ? 'refused' : 'retry';
    }
  }

  private async call<T>(run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (err) {
      this.deps.log?.warn?.({ err: String(err) }, 'payment provider could not be reached');
      return undefined;
    }
  }

  /** After the commit: a failure is logged (neverFails), the approval stands. */
  private async mail(w: Row): Promise<void> {
    const { mailClient, log } = this.deps;
    if (!mailClient) return;
    await neverFails(mailClient, { warn: (o, m) => log?.warn?.(o, m) })(withdrawalNotice(w));
  }
}

const describe = (w: Row) =>
  `Withdrawal of ${formatMoney(w.withdrawalAmount, w.withdrawalCurrency)} from ${w.accountNumber}`;
