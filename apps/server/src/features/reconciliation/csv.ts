import { RECONCILIATION_CSV_COLUMNS, type ReconciliationMismatch } from '@brokerdesk/contract';
import { csvCell } from '../../lib/csv.ts';

/** Rows per query of the export: memory stays flat however many mismatches a report has. */
const PAGE = 1000;

type Row = ReconciliationMismatch & { id: number };
type ReadPage = (afterId: number, limit: number) => Promise<Row[]>;

const utc = (t: number | null) => (t === null ? null : new Date(t * 1000).toISOString());

/**
 * One mismatch as a CSV line, in RECONCILIATION_CSV_COLUMNS order. Amounts stay numbers: as text, a
 * debit's leading minus would be taken for a formula and escaped.
 */
export function mismatchLine(m: ReconciliationMismatch): string {
  const cells = [
    m.kind,
    m.login,
    m.requestType,
    m.requestId,
    m.requestStatus,
    m.leg,
    m.userId,
    m.clientName,
    m.currency,
    m.expectedAmount,
    m.approvedAt,
    utc(m.approvedAt),
    m.dealId,
    m.dealAmount,
    m.dealTime,
    utc(m.dealTime),
    m.comment,
    m.note,
  ];
  return `${cells.map((c) => csvCell(c)).join(',')}\r\n`;
}

/** The header, then every mismatch of the report a page at a time, as the reader takes it. */
export async function* reconciliationCsv(read: ReadPage): AsyncGenerator<string> {
  yield `${RECONCILIATION_CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
  for (let after = 0; ;) {
    const page = await read(after, PAGE);
    if (page.length > 0) yield page.map(mismatchLine).join('');
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}
