import type { ReactNode } from 'react';
import type { FilterType, ListDefaults, ListState, SortOrder } from './list-state.ts';

export type FilterOption = { value: string; label: string };

/**
 * A column's filter control, shown in a row under the headers.
 * - text: typed, sent after a short pause (TEXT), e.g. names, or an agent code that may be '*'.
 * - number: digits only (NUMBER), e.g. account numbers (docs/product.md [rule.list-filters]).
 * - select: pick one or clear (SELECT), e.g. a currency or a status.
 * - tri-state: 'All' plus the given states (SELECT), e.g. Complete application All/Incomplete/Completed.
 */
export type ColumnFilter =
  | {
      kind: 'text';
      placeholder?: string;
      /** Cleans what is typed before it is sent, e.g. digits or '*' only for an agent code. */
      sanitize?: (text: string) => string;
    }
  | { kind: 'number'; placeholder?: string }
  | { kind: 'select'; options: readonly FilterOption[]; placeholder?: string }
  | { kind: 'tri-state'; options: readonly FilterOption[]; allLabel?: string };

export type DataTableColumn<T> = {
  /** The server's field name: it is the sort and filter key, and the column id. */
  id: string;
  header: string;
  /** Drawn in the header cell instead of `header` (which still names the column), e.g. a select-all box. */
  headerContent?: () => ReactNode;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** First click sorts descending (times, amounts); otherwise ascending. */
  sortDescFirst?: boolean;
  filter?: ColumnFilter;
  /** 'right' for amounts and other numbers, so digits line up (docs/product.md [constants]). */
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /**
   * Long text (a reason, a log event): a wider cap before the ellipsis. Every cell stays on one line and
   * shows its full text on hover.
   */
  wrap?: boolean;
  /**
   * The cell is never cut: the value a decision rests on (a platform's reason for a failure) must be read
   * whole without hovering. The column takes the width its text needs.
   */
  fullText?: boolean;
  /**
   * Roughly how wide the column draws, in px with its padding, when a header or filter does not say it:
   * a time, an email. Fitting the columns to the table's width adds these up (settings-logic.ts).
   */
  fitWidth?: number;
  /**
   * Keep the column on screen at the right edge while the table scrolls sideways: row actions (Approve,
   * Reject) must never be past the edge of a laptop screen.
   */
  sticky?: 'right';
  /**
   * The column may start hidden when the table is too narrow to show every column (a laptop screen);
   * a wide screen shows it. The staff member's own choice in the column chooser, once made, is kept on
   * the server and wins.
   */
  defaultHidden?: boolean;
  /** Among `defaultHidden` columns, which goes first when space runs short: lower first (the least needed). */
  spareRank?: number;
  /** A key column the chooser does not offer to hide (a name, an account number); sticky ones never hide. */
  alwaysVisible?: boolean;
};

/**
 * What the table needs to show and change a list's view. `useUrlListState` provides one backed by the
 * URL; a screen may pass any other (component state, say) with the same shape.
 */
export type ListController = {
  state: ListState;
  pageSizes: readonly number[];
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setSizePerPage: (size: number) => void;
  setSort: (field: string, order: SortOrder) => void;
  setFilter: (field: string, value: string | null) => void;
  /** The URL defaults of a URL-backed list: with them the table can open saved views. */
  defaults?: ListDefaults;
};

const FILTER_TYPES: Record<ColumnFilter['kind'], FilterType> = {
  text: 'TEXT',
  number: 'NUMBER',
  select: 'SELECT',
  'tri-state': 'SELECT',
};

/** How the server reads each filterable column, for `toPagedRequest`. */
export function filterTypesOf<T>(columns: readonly DataTableColumn<T>[]): Record<string, FilterType> {
  return Object.fromEntries(
    columns.flatMap((column) => (column.filter ? [[column.id, FILTER_TYPES[column.filter.kind]]] : [])),
  );
}
