import { AUDIT_CSV_COLUMNS } from '@brokerdesk/contract';
import { csvCell, csvJsonCell } from '../../lib/csv.ts';
import type { ChainedFields } from '../../audit/chain.ts';

/** One exported audit row: the search row plus the chain's hashes. */
export type CsvRow = ChainedFields & {
  id: number;
  actorName: string;
  prevHash: string | null;
  hash: string | null;
};

/** One CSV field: lib/csv.ts quotes every cell and neutralises formulas. */
export const csvField = (value: string | number | null): string => csvCell(value);

/** A JSON value (before, after) as its JSON text, formula characters escaped so it parses the same. */
export const csvJsonField = (value: unknown): string => csvJsonCell(value);

/** The header row: AUDIT_CSV_COLUMNS, in the order csvLine writes them. */
export function csvHeader(): string {
  return `${AUDIT_CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
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
