import type { DataTableColumn } from './types.ts';

export type ColumnDefaults = {
  /**
   * The columns a narrow table may leave out at first, the least needed first: they go one by one until
   * the rest fit the table's width. A wide screen shows them all.
   */
  hidden?: readonly string[];
  /** Key columns the chooser never hides (a name, an account number). */
  keep?: readonly string[];
};

/**
 * A list's column defaults, by id, on columns built elsewhere: the builders stay shared between lists
 * while each list says what it can spare on a narrow screen.
 */
export function withColumnDefaults<T>(
  columns: readonly DataTableColumn<T>[],
  { hidden = [], keep = [] }: ColumnDefaults,
): DataTableColumn<T>[] {
  return columns.map((column) => {
    const rank = hidden.indexOf(column.id);
    const kept = keep.includes(column.id);
    if (rank < 0 && !kept) return column;
    return {
      ...column,
      defaultHidden: rank >= 0 || undefined,
      spareRank: rank >= 0 ? rank : undefined,
      alwaysVisible: kept || undefined,
    };
  });
}
