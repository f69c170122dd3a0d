import { RoundJob } from '../../lib/round-job.ts';
import type { AuditSeals } from './service.ts';

export const SEAL_CHECK_INTERVAL_MS = 10 * 60_000;

/**
 * Seals the past UTC days of the audit chain, in the server process that runs the operations worker,
 * as the daily reconciliation runs: every few minutes it asks whether a day is due; runDue() answers the
 * days a round sealed. Each day is sealed under a database lock, so with several servers one seals it,
 * and a day missed while every server was down is sealed by the first one back. The rounds themselves
 * (one at a time, a clean stop) are RoundJob's, as the scheduled reports' are.
 */
export class AuditSealJob extends RoundJob<string[]> {
  constructor(seals: AuditSeals, log: { warn: (obj: object, msg: string) => void }) {
    super(
      () => seals.sealDue(),
      [],
      (err) => log.warn({ err }, 'audit seals could not be made; tried again at the next round'),
    );
  }

  override start(intervalMs = SEAL_CHECK_INTERVAL_MS): void {
    super.start(intervalMs);
  }
}
