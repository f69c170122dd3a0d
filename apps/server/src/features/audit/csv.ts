import { AUDIT_CSV_COLUMNS } from '@brokerdesk/contract';

/** One exported audit row: the search row plus the chain's hashes. */
export type CsvRow = {
  id: number;
  at: number;
  actorId: string | null;
  actorName: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string;
  prevHash: string | null;
  hash: string | null;
};

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return quoted(text);
}

/** A JSON value (before, after) as its JSON text; JSON never starts like a formula that runs. */
export function csvJsonField(value: unknown): string {
  return value === null || value === undefined ? '' : quoted(JSON.stringify(value));
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The header row: AUDIT_CSV_COLUMNS, in the order csvLine writes them. */
export function csvHeader(): string {
  return `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
}

export function csvLine(r: CsvRow): string {
  const cells = [
    csvField(r.id),
    csvField(r.at),
    csvField(new Date(r.at * 1000).toISOString()),
    csvField(r.actorId),
    csvField(r.actorName),
    csvField(r.action),
    csvField(r.entity),
    csvField(r.entityId),
    csvJsonField(r.before),
    csvJsonField(r.after),
    csvField(r.ip),
    csvField(r.prevHash),
    csvField(r.hash),
  ];
  return `${cells.join(',')}\r\n`;
}
