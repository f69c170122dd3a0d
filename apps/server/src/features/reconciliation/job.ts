import type { Clock } from '../../lib/clock.ts';
import type { ReconciliationService } from './service.ts';

const DAY = 86_400;
const HOUR = 3_600;
export const DAILY_CHECK_INTERVAL_MS = 10 * 60_000;

/**
 * The day the daily run covers at `now`: the last whole UTC day, from `hourUtc` o'clock of the day
 * after it (operations approved late in the day have then had time to settle).
 */
export function dailyPeriod(now: number, hourUtc: number): { from: number; to: number } {
  const dayStart = Math.floor((now - hourUtc * HOUR) / DAY) * DAY;
  return { from: dayStart - DAY, to: dayStart - 1 };
}

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

/**
 * Reconciles yesterday (UTC) once a day, in the server process, as the PlatformChecker checks the
 * platform: every few minutes it asks whether the day is due. The day is claimed in the database, so
 * with several servers only one runs it, and a restart neither runs it twice nor skips it. Tests call
 * runDue() with the app's clock instead of waiting for the timer.
 */
export class ReconciliationJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string | null> | undefined;
  /** Aborted by stop(): a run in progress ends within the batch (account group) in hand. */
  private readonly abort = new AbortController();

  constructor(
    private readonly service: ReconciliationService,
    private readonly clock: Clock,
    private readonly log: Log,
    private readonly opts: {
      hourUtc: number;
      /** A 'running' day without a heartbeat for this long was left by a stopped server and is run again. */
      staleAfter?: number;
      /** A failed day is tried again after this long. */
      retryAfter?: number;
    },
  ) {}

  start(intervalMs = DAILY_CHECK_INTERVAL_MS): void {
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), intervalMs);
    this.timer.unref();
  }

  /**
   * Stops the timer and aborts a run in progress, which ends within the batch in hand and is recorded
   * as interrupted, keeping the batches it finished; the next round (this server's next start, or
   * another server) resumes the day after them.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.abort.abort();
    await this.running;
  }

  /** Runs the due day unless it is done or under way; answers the new report's id, or null. */
  runDue(): Promise<string | null> {
    if (this.abort.signal.aborted) return Promise.resolve(null);
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(): Promise<string | null> {
    const period = dailyPeriod(this.clock.now(), this.opts.hourUtc);
    try {
      const id = await this.service.runDaily(period, {
        staleAfter: this.opts.staleAfter,
        retryAfter: this.opts.retryAfter ?? HOUR,
        signal: this.abort.signal,
      });
      if (id && this.abort.signal.aborted)
        this.log.info({ reportId: id, ...period }, 'daily reconciliation interrupted; it runs again later');
      else if (id) this.log.info({ reportId: id, ...period }, 'daily reconciliation done');
      return id;
    } catch (err) {
      this.log.warn({ err, ...period }, 'daily reconciliation could not run');
      return null;
    }
  }
}
