import type { DataTableColumn } from './types.ts';

export type ColumnDefaults = {
  /** Hidden until the staff member shows them: what a 1366-wide screen cannot fit (issue 20). */
  hidden?: readonly string[];
  /** Key columns the chooser never hides (a name, an account number). */
  keep?: readonly string[];
};

/**
 * A list's column defaults, by id, on columns built elsewhere: the builders stay shared between lists
 * while each list says what it shows at first.
 */
export function withColumnDefaults<T>(
  columns: readonly DataTableColumn<T>[],
  { hidden = [], keep = [] }: ColumnDefaults,
): DataTableColumn<T>[] {
  return columns.map((column) =>
    hidden.includes(column.id) || keep.includes(column.id)
      ? {
          ...column,
          defaultHidden: hidden.includes(column.id) || undefined,
          alwaysVisible: keep.includes(column.id) || undefined,
        }
      : column,
  );
}
