import type { ReportFigures, ReportPeriod } from '@brokerdesk/contract';
import { csvLine, type CsvValue } from '../../lib/csv.ts';

/**
 * The figures as one CSV (docs/product.md [reports.csv]): one row per figure, in long form so a
 * spreadsheet can pivot it: section, item, currency, method, measure, value. Amounts are plain numbers
 * (a point for decimals); times are epoch seconds (the PDF writes them in words).
 */
export const REPORT_CSV_COLUMNS = [
  'period',
  'section',
  'item',
  'currency',
  'method',
  'measure',
  'value',
] as const;

export function figuresCsv(period: ReportPeriod, f: ReportFigures): string {
  const lines: string[] = [csvLine([...REPORT_CSV_COLUMNS])];
  const add = (
    section: string,
    item: string,
    currency: string,
    method: string,
    measure: string,
    value: CsvValue,
  ) => lines.push(csvLine([period.key, section, item, currency, method, measure, value]));
  for (const l of f.funding) {
    add('funding', '', l.currency, l.method, 'deposits_count', l.deposits.count);
    add('funding', '', l.currency, l.method, 'deposits_amount', l.deposits.amount);
    add('funding', '', l.currency, l.method, 'withdrawals_count', l.withdrawals.count);
    add('funding', '', l.currency, l.method, 'withdrawals_amount', l.withdrawals.amount);
    add('funding', '', l.currency, l.method, 'net', l.net);
  }
  for (const t of f.fundingTotals) {
    add('funding_total', '', t.currency, '', 'deposits_amount', t.deposits.amount);
    add('funding_total', '', t.currency, '', 'withdrawals_amount', t.withdrawals.amount);
    add('funding_total', '', t.currency, '', 'net', t.net);
  }
  for (const q of f.queues) {
    add('queue', q.queue, '', '', 'waiting', q.count);
    add('queue', q.queue, '', '', 'oldest_since', q.oldestAt);
  }
  for (const d of f.decisions) {
    add('decisions', d.name, '', '', 'approved', d.approved);
    add('decisions', d.name, '', '', 'rejected', d.rejected);
  }
  const e = f.fourEyes;
  add('four_eyes', '', '', '', 'first_approvals', e.firstApprovals);
  add('four_eyes', '', '', '', 'second_approvals', e.secondApprovals);
  add('four_eyes', '', '', '', 'cancelled', e.cancelled);
  add('four_eyes', '', '', '', 'awaiting_now', e.awaitingNow);
  add('four_eyes', '', '', '', 'oldest_awaiting_since', e.oldestAwaitingAt);
  for (const r of f.alerts.byRule) {
    add('alerts', r.rule, '', '', 'opened', r.opened);
    add('alerts', r.rule, '', '', 'cleared', r.cleared);
    add('alerts', r.rule, '', '', 'confirmed', r.confirmed);
  }
  add('alerts', '', '', '', 'open_now', f.alerts.openNow);
  const rec = f.reconciliation;
  add('reconciliation', '', '', '', 'runs', rec.runs);
  add('reconciliation', '', '', '', 'failed_runs', rec.failedRuns);
  add('reconciliation', '', '', '', 'mismatches', rec.mismatches);
  add('reconciliation', '', '', '', 'critical', rec.critical);
  for (const k of rec.byKind) add('reconciliation', k.kind, '', '', 'mismatches', k.count);
  return lines.join('');
}
