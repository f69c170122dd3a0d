import type { Db } from '../../db/client.ts';
import { platformStatus } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TradingPlatform } from './types.ts';

export const CHECK_INTERVAL_MS = 5_000;
const CHECK_TIMEOUT_MS = 4_000;

/**
 * Asks each platform for its status every few seconds and records it, so getMlStatuses answers from
 * the database on any server instance. A failed or slow check is recorded, never thrown.
 */
export class PlatformChecker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly platforms: TradingPlatform[],
    private readonly clock: Clock,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  start(intervalMs = CHECK_INTERVAL_MS): void {
    void this.checkOnce();
    this.timer = setInterval(() => void this.checkOnce(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round of checks; overlapping rounds are joined rather than stacked. */
  checkOnce(): Promise<void> {
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(): Promise<void> {
    for (const platform of this.platforms) {
      const now = this.clock.now();
      let status = 'OK';
      try {
        const health = await withTimeout(platform.status(), CHECK_TIMEOUT_MS);
        if (!health.ok) status = health.reason;
      } catch (err) {
        status = err instanceof Error ? err.message : 'Unavailable';
      }
      if (status !== 'OK')
        this.log.warn({ platform: platform.name, status }, 'trading platform is not available');
      await this.db
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
        .catch((err: unknown) => this.log.warn({ err }, 'could not record platform status'));
    }
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
