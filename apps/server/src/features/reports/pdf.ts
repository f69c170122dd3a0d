import type { ReportFigures, ReportPeriod } from '@brokerdesk/contract';
import { PdfDocument, type PdfColumn } from '../../lib/pdf/document.ts';
import {
  ageWords,
  amountWords,
  countWords,
  dayWords,
  methodWords,
  mismatchWords,
  queueWords,
  ruleWords,
  timeWords,
} from './words.ts';

const FREQUENCY_TITLE = {
  daily: 'Daily report',
  weekly: 'Weekly report',
  monthly: 'Monthly report',
} as const;

/** The columns of a table of a name and three counts (decisions per staff member, alerts per rule). */
const nameAndCounts = (name: string, counts: [string, string, string]): PdfColumn[] => [
  { header: name, width: 55 },
  ...counts.map((header) => ({ header, width: 15, align: 'right' as const })),
];

/** The report as finance staff read it (docs/product.md [reports.pdf]): one section per figure. */
export function reportPdf(period: ReportPeriod, f: ReportFigures, recipient: string): Promise<Buffer> {
  const tz = period.timeZone;
  const name = `Brokerdesk ${FREQUENCY_TITLE[period.frequency].toLowerCase()}`;
  const pdf = new PdfDocument({
    title: `${name}: ${period.label}`,
    // The days the period covers, both included, as the zone's calendar has them.
    subtitle: `${dayWords(period.from, tz)} to ${dayWords(period.to - 1, tz)}, ${tz} time, for ${recipient}`,
    footer: `${name} ${period.key}, made ${timeWords(f.madeAt, tz)} (${tz})`,
    createdAt: f.madeAt,
  });

  pdf.heading('Deposits and withdrawals');
  pdf.paragraph('Approved in the period, by approval time. Net is deposits less withdrawals.', {
    muted: true,
  });
  const money = (m: { count: number; amount: number }) => [countWords(m.count), amountWords(m.amount)];
  const rows = f.fundingTotals.flatMap((t) => [
    ...f.funding
      .filter((l) => l.currency === t.currency)
      .map((l) => ({
        cells: [
          l.currency,
          methodWords(l.method),
          ...money(l.deposits),
          ...money(l.withdrawals),
          amountWords(l.net),
        ],
      })),
    {
      cells: [t.currency, 'All methods', ...money(t.deposits), ...money(t.withdrawals), amountWords(t.net)],
      bold: true,
    },
  ]);
  pdf.table(
    [
      { header: 'Currency', width: 12 },
      { header: 'Method', width: 16 },
      { header: 'Deposits', width: 10, align: 'right' },
      { header: 'Amount in', width: 16, align: 'right' },
      { header: 'Withdrawals', width: 14, align: 'right' },
      { header: 'Amount out', width: 16, align: 'right' },
      { header: 'Net', width: 16, align: 'right' },
    ],
    rows,
    'No deposit or withdrawal was approved in the period.',
  );

  pdf.heading('Queues');
  pdf.paragraph(`Waiting when the report was made (${timeWords(f.madeAt, tz)}).`, { muted: true });
  pdf.table(
    [
      { header: 'Queue', width: 40 },
      { header: 'Waiting', width: 15, align: 'right' },
      { header: 'Oldest since', width: 27 },
      { header: 'Oldest age', width: 18, align: 'right' },
    ],
    f.queues.map((q) => ({
      cells: [
        queueWords(q.queue),
        countWords(q.count),
        q.oldestAt === null ? '-' : timeWords(q.oldestAt, tz),
        q.oldestAt === null ? '-' : ageWords(f.madeAt - q.oldestAt),
      ],
    })),
  );

  pdf.heading('Decisions per staff member');
  pdf.paragraph(
    'Approvals (first approvals of four-eyes included) and rejections of every kind of request.',
    {
      muted: true,
    },
  );
  pdf.table(
    nameAndCounts('Staff member', ['Approved', 'Rejected', 'Total']),
    f.decisions.map((d) => ({
      cells: [d.name, ...[d.approved, d.rejected, d.approved + d.rejected].map(countWords)],
    })),
    'No decision in the period.',
  );

  pdf.heading('Four-eyes approvals');
  const e = f.fourEyes;
  pdf.facts([
    ['First approvals given', countWords(e.firstApprovals)],
    ['Second approvals (decision made)', countWords(e.secondApprovals)],
    ['Cancelled', countWords(e.cancelled)],
    [
      'Awaiting a second approver now',
      e.awaitingNow === 0
        ? 'None'
        : `${countWords(e.awaitingNow)}, the oldest for ${ageWords(f.madeAt - (e.oldestAwaitingAt ?? f.madeAt))}`,
    ],
  ]);

  pdf.heading('Alerts');
  const a = f.alerts;
  pdf.facts([
    ['Opened in the period', countWords(a.opened)],
    ['Resolved: cleared', countWords(a.cleared)],
    ['Resolved: confirmed', countWords(a.confirmed)],
    ['Open now', countWords(a.openNow)],
  ]);
  if (a.byRule.length > 0)
    pdf.table(
      nameAndCounts('Rule', ['Opened', 'Cleared', 'Confirmed']),
      a.byRule.map((r) => ({
        cells: [ruleWords(r.rule), ...[r.opened, r.cleared, r.confirmed].map(countWords)],
      })),
    );

  pdf.heading('Reconciliation with the trading platform');
  const r = f.reconciliation;
  pdf.facts([
    [
      'Runs finished in the period',
      `${countWords(r.runs)}${r.failedRuns ? ` (${countWords(r.failedRuns)} failed)` : ''}`,
    ],
    ['Mismatches found', countWords(r.mismatches)],
    ['Critical (money moved twice or unapproved)', countWords(r.critical)],
  ]);
  if (r.byKind.length > 0)
    pdf.table(
      [
        { header: 'Mismatch', width: 75 },
        { header: 'Found', width: 25, align: 'right' },
      ],
      r.byKind.map((k) => ({ cells: [mismatchWords(k.kind), countWords(k.count)] })),
    );
  return pdf.toBuffer();
}
