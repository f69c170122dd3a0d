import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ExportableList, PagedRequest } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { CsvValue } from '../../lib/csv.ts';

/** One column of an exported list: its header and how a row gives its value. */
export type ExportColumn<R> = { header: string; value: (row: R) => CsvValue };

/** What an export runs: the query over one table, in the list's order, and its CSV columns. */
export type PlannedExport<T extends PgTable = PgTable> = {
  table: T;
  query: SQLWrapper;
  columns: ExportColumn<T['$inferSelect']>[];
  /** File name without the date and extension, e.g. 'clients-approved'. */
  name: string;
};

/**
 * A list that can be exported. `plan` validates the list's parameters and view exactly as the list
 * call does (same allow-listed fields, same errors) and answers the query with no page limit.
 */
export type ExportableListDef = {
  plan: (db: Db, params: Record<string, string>, req: PagedRequest) => PlannedExport | Promise<PlannedExport>;
};

export type ExportRegistry = Record<ExportableList, ExportableListDef>;

/** The where and order of a planned list, for lists that build their query from planList. */
export type ListQueryParts = { where: SQL | undefined; orderBy: SQL[] };
