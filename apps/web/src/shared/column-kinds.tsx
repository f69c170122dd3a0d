import type { ReactNode } from 'react';
import type { ColumnFilter, DataTableColumn, FilterOption } from './data-table/index.ts';
import { EpochTime } from './time-zone/index.ts';

/** A select filter's options: each value is its own label, unless `label` words it. */
export function optionsOf(values: readonly (string | number)[], label = (v: string) => v): FilterOption[] {
  return values.map((v) => ({ value: String(v), label: label(String(v)) }));
}

/** A column the server sorts by (its id is the field), with a filter under its header when given. */
export function sortedColumn<T>(
  id: string,
  header: string,
  cell: (row: T) => ReactNode,
  filter?: ColumnFilter,
): DataTableColumn<T> {
  return { id, header, cell, sortable: true, ...(filter ? { filter } : {}) };
}

/** A time (epoch seconds) in the staff member's zone; the first click sorts it newest first. */
export function timeColumn<T>(
  id: string,
  header: string,
  seconds: (row: T) => number | null | undefined,
): DataTableColumn<T> {
  return {
    id,
    header,
    cell: (row) => <EpochTime seconds={seconds(row)} />,
    sortable: true,
    sortDescFirst: true,
  };
}

/** A filter's options worded apart from their values, in the order given ({ value: label }). */
export function labelledOptions(labels: Readonly<Record<string, string>>): FilterOption[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}
