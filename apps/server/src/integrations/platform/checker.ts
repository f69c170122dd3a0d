import type { Db } from '../../db/client.ts';
import { platformStatus } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { RoundJob } from '../../lib/round-job.ts';
import type { TradingPlatform } from './types.ts';

export const CHECK_INTERVAL_MS = 5_000;
const CHECK_TIMEOUT_MS = 4_000;

/**
 * Asks each platform for its status every few seconds and records it, so getMlStatuses answers from
 * the database on any server instance. A failed or slow check is recorded, never thrown. The rounds
 * (one at a time, a clean stop) are RoundJob's, as the scheduled reports' and the audit seals' are.
 */
export class PlatformChecker extends RoundJob<void> {
  constructor(
    db: Db,
    platforms: TradingPlatform[],
    clock: Clock,
    log: { warn: (obj: object, msg: string) => void },
  ) {
    super(
      () => checkAll(db, platforms, clock, log),
      undefined,
      (err) => log.warn({ err }, 'trading platforms could not be checked; tried again at the next round'),
    );
  }

  override start(intervalMs = CHECK_INTERVAL_MS): void {
    super.start(intervalMs);
  }

  /** One round of checks; overlapping rounds are joined rather than stacked. */
  checkOnce(): Promise<void> {
    return this.runDue();
  }
}

async function checkAll(
  db: Db,
  platforms: TradingPlatform[],
  clock: Clock,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  for (const platform of platforms) {
    const now = clock.now();
    let status = 'OK';
    try {
      const health = await withTimeout(platform.status(), CHECK_TIMEOUT_MS);
      if (!health.ok) status = health.reason;
    } catch (err) {
      status = err instanceof Error ? err.message : 'Unavailable';
    }
    if (status !== 'OK') log.warn({ platform: platform.name, status }, 'trading platform is not available');
    await db
      .insert(platformStatus)
      .values({
        platform: platform.name,
        status,
        lastWorking: status === 'OK' ? now : null,
        checkedAt: now,
      })
      .onConflictDoUpdate({
        target: platformStatus.platform,
        set: status === 'OK' ? { status, lastWorking: now, checkedAt: now } : { status, checkedAt: now },
      })
      .catch((err: unknown) => log.warn({ err }, 'could not record platform status'));
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('Status check timed out')), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e)),
    );
  });
}
