import type { AuditSeals } from './service.ts';

export const SEAL_CHECK_INTERVAL_MS = 10 * 60_000;

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

/**
 * Seals the past UTC days of the audit chain, in the server process that runs the operations worker,
 * as the daily reconciliation runs: every few minutes it asks whether a day is due. Each day is sealed
 * under a database lock, so with several servers one seals it, and a day missed while every server was
 * down is sealed by the first one back. Tests call runDue() after moving the clock.
 */
export class AuditSealJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | undefined;
  private stopped = false;

  constructor(
    private readonly seals: AuditSeals,
    private readonly log: Log,
  ) {}

  start(intervalMs = SEAL_CHECK_INTERVAL_MS): void {
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Seals the due days unless a round is under way; answers the days this round sealed. */
  runDue(): Promise<string[]> {
    if (this.stopped) return Promise.resolve([]);
    this.running ??= this.seals
      .sealDue()
      .catch((err: unknown) => {
        this.log.warn({ err }, 'audit seals could not be made; tried again at the next round');
        return [];
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
