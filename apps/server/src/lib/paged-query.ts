import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SEARCH_TOTAL_CAP, TOTAL_CAP, type Filter, type PagedRequest } from '@brokerdesk/contract';
import { Invalid } from '../http/errors.ts';

/**
 * How one list column may be filtered and sorted. Only fields named in a list's spec are accepted, so
 * a sort or filter field never reaches SQL as text (docs/product.md [screen.client-list];
 * docs/product.md [security.input]: allow-listed fields).
 */
export type FieldSpec = {
  column: AnyPgColumn | SQL;
  sortable?: boolean;
  /**
   * text: case-insensitive substring; number: = or a comparison; boolean: 'true'/'false';
   * select: exact value; custom: the list decides.
   */
  filter?: 'text' | 'number' | 'boolean' | 'select' | ((f: Filter) => SQL | undefined);
  /** A custom filter that searches for a substring, as 'text' does: its total is capped lower. */
  substring?: true;
};

export type ListSpec = {
  fields: Record<string, FieldSpec>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** A unique column that breaks ties so paging is stable. */
  tieBreaker: AnyPgColumn;
};

/**
 * The usual list column: a column of the table under its own name, sortable, filtered as given. Most
 * of a list's spec is such columns, so a list names only how each one filters:
 * `sortableColumns(deposits, { accountNumber: 'number', depositCurrency: 'select' })`.
 */
export function sortableColumns<T extends PgTable>(
  table: T,
  filters: Partial<Record<keyof T['_']['columns'] & string, FieldSpec['filter']>>,
): Record<string, FieldSpec> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  return Object.fromEntries(
    Object.entries(filters).map(([field, filter]) => [
      field,
      { column: columns[field]!, sortable: true, filter },
    ]),
  );
}

export type PlannedList = {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** Where the total stops counting: SEARCH_TOTAL_CAP under a substring filter, else TOTAL_CAP. */
  totalCap: number;
};

/** Turns a paged-list request into SQL parts, or a 400 naming the offending field. */
export function planList(spec: ListSpec, req: PagedRequest, base: (SQL | undefined)[] = []): PlannedList {
  const conditions: (SQL | undefined)[] = [...base];
  let substring = false;
  for (const [field, filter] of Object.entries(req.filters)) {
    const f = spec.fields[field];
    if (!f?.filter) throw new Invalid({ [`filters.${field}`]: 'This column cannot be filtered.' });
    if (filter.filterVal === '' && filter.numericVal === undefined) continue;
    conditions.push(filterCondition(field, f, filter));
    if (f.filter === 'text' || f.substring) substring = true;
  }
  const sortField = req.sortField ?? spec.defaultSort.field;
  const sort = spec.fields[sortField];
  if (!sort?.sortable) throw new Invalid({ sortField: 'This column cannot be sorted.' });
  const order = req.sortField ? req.sortOrder : spec.defaultSort.order;
  const dir = order === 'asc' ? asc : desc;
  return {
    where: and(...conditions),
    orderBy: [dir(sort.column), dir(spec.tieBreaker)],
    limit: req.sizePerPage,
    offset: (req.page - 1) * req.sizePerPage,
    totalCap: substring ? SEARCH_TOTAL_CAP : TOTAL_CAP,
  };
}

function filterCondition(field: string, f: FieldSpec, filter: Filter): SQL | undefined {
  const col = f.column;
  const bad = (msg: string) => new Invalid({ [`filters.${field}`]: msg });
  if (typeof f.filter === 'function') return f.filter(filter);
  switch (f.filter) {
    case 'text':
      return ilike(col as AnyPgColumn, `%${escapeLike(String(filter.filterVal))}%`);
    case 'boolean': {
      const v = String(filter.filterVal);
      if (v !== 'true' && v !== 'false') throw bad('Expected true or false.');
      return eq(col as AnyPgColumn, v === 'true');
    }
    case 'select':
      return eq(col as AnyPgColumn, String(filter.filterVal));
    case 'number': {
      const n = filter.numericVal ?? Number(filter.filterVal);
      if (!Number.isFinite(n) || !fitsColumn(col, n)) throw bad('Expected a number.');
      return compare(col as AnyPgColumn, filter.comparisonType ?? '=', n);
    }
    default:
      return undefined;
  }
}

/**
 * Whether PostgreSQL can compare the column with n: whole numbers in range for integer columns. A
 * computed column (an SQL expression, such as a request's decision time) is compared as a bigint: the
 * lists' computed numbers are epoch times.
 */
function fitsColumn(col: AnyPgColumn | SQL, n: number): boolean {
  const type = 'getSQLType' in col ? col.getSQLType() : 'bigint';
  if (type === 'integer') return Number.isInteger(n) && Math.abs(n) <= 2 ** 31 - 1;
  if (type === 'bigint') return Number.isSafeInteger(n);
  return true;
}

export function compare(col: AnyPgColumn, op: string, n: number): SQL {
  switch (op) {
    case '>':
      return gt(col, n);
    case '>=':
      return gte(col, n);
    case '<':
      return lt(col, n);
    case '<=':
      return lte(col, n);
    case '!=':
      return ne(col, n);
    default:
      return eq(col, n);
  }
}

/** A substring search must not let the user's % or _ act as wildcards. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function inList(col: AnyPgColumn, values: string[]): SQL {
  return values.length === 0 ? sql`false` : inArray(col, values);
}
