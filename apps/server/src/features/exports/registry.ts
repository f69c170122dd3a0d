import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PagedRequest } from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CsvValue } from '../../lib/csv.ts';

/**
 * One column of an exported list: its header and how a row gives its value (with what the list
 * looked up for the row's batch, e.g. the clients the rows name).
 */
export type ExportColumn<R, L = unknown> = { header: string; value: (row: R, lookup: L) => CsvValue };

/** What an export runs: the query over one table, in the list's order, and its CSV columns. */
export type PlannedExport<T extends PgTable = PgTable, L = unknown> = {
  table: T;
  query: SQLWrapper;
  columns: ExportColumn<T['$inferSelect'], L>[];
  /** File name without the date and extension, e.g. 'clients-approved'. */
  name: string;
  /**
   * Names the screen resolves (clients by id, say), looked up once per cursor batch, never per row:
   * the export stays one query per thousand rows however the list is joined on screen.
   */
  lookup?: (db: DbOrTx, rows: T['$inferSelect'][]) => Promise<L>;
};

/** A typed plan, widened for the registry (its columns and lookup agree with each other). */
export function plannedExport<T extends PgTable, L>(plan: PlannedExport<T, L>): PlannedExport {
  return plan as unknown as PlannedExport;
}

/**
 * The export of a list of one table's rows: the list's own query (its where and its order, from
 * planList) without the page limit, so that the file holds what the list shows, in its order.
 */
export function listExport<T extends PgTable, L>(
  db: Db,
  table: T,
  list: ListQueryParts,
  file: Omit<PlannedExport<T, L>, 'table' | 'query'>,
): PlannedExport {
  const query = db
    .select()
    .from(table as PgTable)
    .where(list.where)
    .orderBy(...list.orderBy);
  return plannedExport({ table, query, ...file });
}

/**
 * A list that can be exported. `plan` validates the list's parameters and view exactly as the list
 * call does (same allow-listed fields, same errors) and answers the query with no page limit.
 */
export type ExportableListDef = {
  plan: (db: Db, params: Record<string, string>, req: PagedRequest) => PlannedExport | Promise<PlannedExport>;
};

/** The lists by the name an export asks for (exportListRequest.list). */
export type ExportRegistry = Record<string, ExportableListDef>;

/** The where and order of a planned list, for lists that build their query from planList. */
export type ListQueryParts = { where: SQL | undefined; orderBy: SQL[] };
