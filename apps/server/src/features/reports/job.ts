import type { ReportsService } from './service.ts';

export const REPORT_CHECK_INTERVAL_MS = 5 * 60_000;

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Sends the scheduled reports, in every server process that runs the operations worker, as the audit
 * seals and the daily reconciliation run: every few minutes it makes the rows of the periods that have
 * ended and delivers the due ones. The rows and their claims are in the database, so several servers
 * share the work and a period missed while every server was down goes out when one is back. Tests call
 * runDue() after moving the clock instead of waiting for the timer.
 */
export class ReportJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | undefined;
  private stopped = false;

  constructor(
    private readonly reports: ReportsService,
    private readonly log: Log,
  ) {}

  start(intervalMs = REPORT_CHECK_INTERVAL_MS): void {
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round unless one is under way: answers the ids of the reports it sent. */
  runDue(): Promise<string[]> {
    if (this.stopped) return Promise.resolve([]);
    this.running ??= this.reports
      .scheduleDue()
      .then(() => this.reports.deliverDue())
      .catch((err: unknown) => {
        this.log.warn({ err }, 'scheduled reports could not be sent; tried again at the next round');
        return [];
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
