import { RoundJob } from '../../lib/round-job.ts';
import type { ReportsService } from './service.ts';

export const REPORT_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * Sends the scheduled reports, in every server process that runs the operations worker (app.ts), as the
 * audit seals and the daily reconciliation run: every few minutes a round makes the rows of the periods
 * that have ended and delivers the due ones; runDue() answers the ids it sent. The rows and their claims
 * are in the database, so several servers share the work and a period missed while every server was down
 * goes out when one is back.
 */
export class ReportJob extends RoundJob<string[]> {
  constructor(reports: ReportsService, log: { warn: (obj: object, msg: string) => void }) {
    super(
      async () => {
        await reports.scheduleDue();
        return reports.deliverDue();
      },
      [],
      (err) => log.warn({ err }, 'scheduled reports could not be sent; tried again at the next round'),
    );
  }

  override start(intervalMs = REPORT_CHECK_INTERVAL_MS): void {
    super.start(intervalMs);
  }
}
