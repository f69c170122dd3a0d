import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertQueue } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

export type QueuedItem = { kind: string; subjectId: string };
type Log = { warn?: (o: object, m: string) => void };

/** Rows taken at a time. */
const BATCH = 50;
/** A claim older than this was a drain that died (a server stopped mid-way): the rows are taken again. */
const STALE_CLAIM_SECONDS = 600;
/** A row whose evaluation failed this often is dropped (logged); evaluating on demand still covers it. */
const MAX_ATTEMPTS = 3;

/**
 * Drains alert_queue (docs/product.md [alerts.when]): what triggers noted in the writers' transactions,
 * evaluated here after their commit, so a request is never slowed or failed by its alerts. A drain runs
 * when this server changed something (kick), on a timer for the client portal's writes (start), and
 * whenever settled() is awaited. Rows are claimed with SKIP LOCKED, so several servers share the work;
 * a row queued again while being evaluated loses its claim and is evaluated once more.
 */
export class AlertQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly evaluate: (item: QueuedItem) => Promise<void>,
    private readonly log?: Log,
  ) {}

  /** Starts a drain now, or one more pass after the drain under way. Never throws. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => (this.running = null));
  }

  /** Resolves once everything queued so far has been evaluated (tests, the demo seed, shutdown). */
  async settled(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  start(intervalSeconds: number): void {
    if (this.timer || intervalSeconds <= 0) return;
    this.timer = setInterval(() => this.kick(), intervalSeconds * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        while (await this.drainBatch());
      } catch (err) {
        this.log?.warn?.({ err }, 'alert queue: a drain failed; the rows stay queued');
        return;
      }
    } while (this.again);
  }

  /** One batch: claimed, evaluated one by one, then removed unless queued again meanwhile. */
  private async drainBatch(): Promise<boolean> {
    const claim = newId();
    const now = this.clock.now();
    const taken = await this.db
      .update(alertQueue)
      .set({ claim, claimedAt: now })
      .where(
        sql`(${alertQueue.kind}, ${alertQueue.subjectId}) in (${this.db
          .select({ kind: alertQueue.kind, subjectId: alertQueue.subjectId })
          .from(alertQueue)
          .where(or(isNull(alertQueue.claim), lt(alertQueue.claimedAt, now - STALE_CLAIM_SECONDS)))
          .orderBy(asc(alertQueue.queuedAt))
          .limit(BATCH)
          .for('update', { skipLocked: true })})`,
      )
      .returning({ kind: alertQueue.kind, subjectId: alertQueue.subjectId, attempts: alertQueue.attempts });
    if (taken.length === 0) return false;
    const done: QueuedItem[] = [];
    for (const item of taken) {
      try {
        await this.evaluate(item);
        done.push(item);
      } catch (err) {
        this.log?.warn?.({ err, ...item }, 'alert evaluation failed');
        if (item.attempts + 1 >= MAX_ATTEMPTS) done.push(item);
        else
          await this.db
            .update(alertQueue)
            .set({ claim: null, attempts: item.attempts + 1 })
            .where(
              and(
                eq(alertQueue.kind, item.kind),
                eq(alertQueue.subjectId, item.subjectId),
                eq(alertQueue.claim, claim),
              ),
            );
      }
    }
    for (const kind of new Set(done.map((d) => d.kind))) {
      const ids = done.filter((d) => d.kind === kind).map((d) => d.subjectId);
      await this.db
        .delete(alertQueue)
        .where(
          and(eq(alertQueue.kind, kind), inArray(alertQueue.subjectId, ids), eq(alertQueue.claim, claim)),
        );
    }
    return true;
  }
}
