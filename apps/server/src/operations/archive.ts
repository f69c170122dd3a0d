import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Clock } from '../lib/clock.ts';
import type { WorkerLog } from './worker.ts';

const DAY = 86_400;
const BATCH = 1_000;
const HOUR_MS = 3_600_000;

export type ArchiveResult = {
  /** Rows moved from platform_operations to platform_operations_archive. */
  moved: number;
  /**
   * Keys of settled rows left in the hot table because the archive already holds that key (enqueued
   * again before enqueue checked the archive, or restored by hand): archiving them would lose one of
   * the two rows, so they stay where they are and are reported for staff to look at.
   */
  kept: string[];
};

/**
 * Moves settled operations older than the retention period into platform_operations_archive, a batch
 * at a time: the outbox's hot table (claimed from inside row-locking transactions) stays the size of
 * the recent work. Delete and insert are one statement, so a row is never in neither table; a row
 * whose key the archive already holds is never picked, so the insert cannot skip a deleted row.
 */
export async function archiveSettledOperations(
  db: Db,
  o: { now: number; retentionDays: number; batch?: number },
): Promise<ArchiveResult> {
  const cutoff = o.now - o.retentionDays * DAY;
  const result = await db.execute(sql`
    with moved as (
      delete from platform_operations
      where id in (
        select p.id from platform_operations p
        where p.state in ('succeeded', 'failed') and p.updated_at < ${cutoff}
          and not exists (
            select 1 from platform_operations_archive a where a.idempotency_key = p.idempotency_key
          )
        order by p.updated_at
        limit ${o.batch ?? BATCH}
        for update skip locked
      )
      returning *
    )
    insert into platform_operations_archive (id, idempotency_key, base_key, platform, kind, login, seq,
      payload, state, attempts, result, last_error, created_at, updated_at, archived_at)
    select id, idempotency_key, base_key, platform, kind, login, seq, payload, state, attempts, result,
      last_error, created_at, updated_at, ${o.now}
    from moved
    returning id`);
  const kept = await db.execute(sql`
    select p.idempotency_key as key from platform_operations p
    where p.state in ('succeeded', 'failed') and p.updated_at < ${cutoff}
      and exists (select 1 from platform_operations_archive a where a.idempotency_key = p.idempotency_key)
    order by p.idempotency_key
    limit 100`);
  return {
    moved: rowsOf<{ id: string }>(result).length,
    kept: rowsOf<{ key: string }>(kept).map((r) => r.key),
  };
}

/** Runs the archive every hour (and once at start), until stop(). */
export class OperationsArchiveJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly retentionDays: number,
    private readonly log: WorkerLog = {},
  ) {}

  start(): void {
    this.timer = setInterval(() => this.runNow(), HOUR_MS);
    this.timer.unref();
    this.runNow();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private runNow(): void {
    if (this.running) return;
    this.running = this.drain()
      .catch((err: unknown) => this.log.error?.({ err: String(err) }, 'archiving settled operations failed'))
      .finally(() => (this.running = undefined));
  }

  /** Batch after batch until nothing is left to move. */
  private async drain(): Promise<void> {
    for (;;) {
      const { moved, kept } = await archiveSettledOperations(this.db, {
        now: this.clock.now(),
        retentionDays: this.retentionDays,
      });
      if (moved > 0) this.log.debug?.({ moved }, 'settled platform operations archived');
      if (moved < BATCH) {
        if (kept.length > 0) {
          this.log.warn?.(
            { keys: kept },
            'settled platform operations left in the hot table: the archive already holds their keys',
          );
        }
        return;
      }
    }
  }
}
