import type { ReportFigures, ReportPeriod } from '@brokerdesk/contract';
import type { Mail } from '../../mail/mailer.ts';
import { figuresCsv } from './csv.ts';
import { reportPdf } from './pdf.ts';
import { amountWords } from './words.ts';

export type ReportFile = { filename: string; contentType: string; body: Buffer };

/** The PDF and the CSV of a report, named after it: brokerdesk-monthly-2026-03.pdf. */
export async function reportFiles(period: ReportPeriod, figures: ReportFigures, recipient: string) {
  const base = `brokerdesk-${period.frequency}-${period.key}`;
  return {
    pdf: {
      filename: `${base}.pdf`,
      contentType: 'application/pdf',
      body: await reportPdf(period, figures, recipient),
    },
    csv: {
      filename: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(figuresCsv(period, figures), 'utf8'),
    },
  } satisfies Record<string, ReportFile>;
}

/** The mail of one report: the net per currency in the text, the PDF and the CSV attached. */
export async function reportMail(
  id: string,
  period: ReportPeriod,
  figures: ReportFigures,
  to: { email: string; name: string | null; surname: string | null },
  publicUrl: string,
): Promise<Mail> {
  const name = `${to.name ?? ''} ${to.surname ?? ''}`.trim();
  const files = await reportFiles(period, figures, name || to.email);
  const net = figures.fundingTotals.map(
    (t) =>
      `  ${t.currency}: in ${amountWords(t.deposits.amount)}, out ${amountWords(t.withdrawals.amount)}, net ${amountWords(t.net)}`,
  );
  return {
    to: to.email,
    subject: `Brokerdesk ${period.frequency} report: ${period.label}`,
    text: [
      `Hello ${name || to.email},`,
      '',
      `The ${period.frequency} report for ${period.label} (${period.timeZone}) is attached as a PDF, with its figures as CSV.`,
      '',
      'Approved deposits and withdrawals:',
      ...(net.length ? net : ['  none in the period.']),
      '',
      `It is kept on the console: ${publicUrl}/reports?report=${id}`,
      'A SYSOP subscribed you to this report; ask one to change or end it.',
      '',
    ].join('\n'),
    attachments: [files.pdf, files.csv].map((f) => ({
      filename: f.filename,
      contentType: f.contentType,
      content: f.body,
    })),
  };
}
