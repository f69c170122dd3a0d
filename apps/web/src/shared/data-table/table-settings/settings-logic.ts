import type { SavedView, ViewState } from '@brokerdesk/contract';
import {
  defaultListState,
  listKeys,
  parseListState,
  sameSortAndFilters,
  writeListState,
  type ListDefaults,
  type ListState,
} from '../list-state.ts';
import type { DataTableColumn } from '../types.ts';

/**
 * The pure part of table settings: which columns show, what a saved view holds, and how a
 * view goes into the URL. use-table-settings.ts binds it to the server and the router.
 */

/** A column the staff member cannot hide: the row actions (sticky) and the list's key columns. */
export function isPinned<T>(column: DataTableColumn<T>): boolean {
  return Boolean(column.sticky || column.alwaysVisible);
}

/** The columns a staff member may show or hide, in the table's order. */
export function choosableColumns<T>(columns: readonly DataTableColumn<T>[]): DataTableColumn<T>[] {
  return columns.filter((column) => !isPinned(column) && column.header.trim() !== '');
}

/** Cell padding on both sides (the table's horizontalSpacing). */
const PADDING = 16;
/** A sort button's arrow and its gap after the header text. */
const SORT_ICON = 18;
/** The narrowest a filter control draws (column-filter.tsx), padding included. */
const FILTER_WIDTH = { text: 100, number: 88, select: 124, 'tri-state': 124 } as const;
/** The cap of a one-line cell (data-table.module.css): 12rem, 16rem for long text. */
const CELL_CAP = 192;
const WRAP_CAP = 256;

/**
 * How wide a column draws, roughly, in px: its set width, its own guess, else what its header's longest
 * word (headers wrap between words) and its filter need. Guesses lean low: a table that still does not
 * fit once drawn leaves out one more spare column (table-fit.ts), while a guess too high would hide a
 * column for nothing.
 */
export function widthGuess<T>(column: DataTableColumn<T>): number {
  // Cells are border-box: a set width holds the padding.
  if (typeof column.width === 'number') return column.width;
  if (column.fitWidth) return column.fitWidth;
  const word = Math.max(0, ...column.header.split(/\s+/).map((w) => w.length));
  const header = word * 8 + (column.sortable ? SORT_ICON : 0) + PADDING;
  const filter = column.filter ? FILTER_WIDTH[column.filter.kind] : 0;
  return Math.min(Math.max(header, filter, 72), (column.wrap ? WRAP_CAP : CELL_CAP) + PADDING);
}

/** The columns a narrow table may leave out, in the order they go: by rank, then from the right. */
function spareColumns<T>(columns: readonly DataTableColumn<T>[]): DataTableColumn<T>[] {
  const spare = columns.filter((column) => column.defaultHidden && !isPinned(column));
  const rankOf = (column: DataTableColumn<T>) => column.spareRank ?? Number.MAX_SAFE_INTEGER;
  return spare
    .map((column, place) => ({ column, place }))
    .sort((a, b) => rankOf(a.column) - rankOf(b.column) || b.place - a.place)
    .map(({ column }) => column);
}

/**
 * Hidden column ids before the staff member has chosen: on a table `width` px wide, the spare columns
 * that must go for the rest to fit, least needed first, and `more` after those (the table measured
 * itself still too wide). Unknown width (not drawn yet): every column shows.
 */
export function defaultHidden<T>(columns: readonly DataTableColumn<T>[], width?: number, more = 0): string[] {
  if (!width) return [];
  let total = columns.reduce((sum, column) => sum + widthGuess(column), 0);
  const hidden: string[] = [];
  for (const column of spareColumns(columns)) {
    if (total <= width && more <= 0) break;
    if (total <= width) more -= 1;
    hidden.push(column.id);
    total -= widthGuess(column);
  }
  return hidden;
}

/** Whether a table this wide already hides every spare column, so measuring it again changes nothing. */
export function noneToSpare<T>(columns: readonly DataTableColumn<T>[], hidden: readonly string[]): boolean {
  return spareColumns(columns).every((column) => hidden.includes(column.id));
}

/** What to hide: the staff member's choice, or the defaults that fit `width` when they never chose (null). */
export function hiddenOf<T>(
  columns: readonly DataTableColumn<T>[],
  chosen: readonly string[] | null,
  width?: number,
  more = 0,
) {
  return chosen ?? defaultHidden(columns, width, more);
}

/** The columns to draw: pinned ones always, the others unless hidden. */
export function visibleColumns<T>(
  columns: readonly DataTableColumn<T>[],
  hidden: readonly string[],
): DataTableColumn<T>[] {
  const set = new Set(hidden);
  return columns.filter((column) => isPinned(column) || !set.has(column.id));
}

/** Shows or hides one column, keeping the ids of columns this screen does not have (other tabs share none). */
export function toggleColumn(hidden: readonly string[], id: string, show: boolean): string[] {
  const rest = hidden.filter((h) => h !== id);
  return show ? rest : [...rest, id];
}

/** What a saved view holds: the list's state without the page (a view opens on page 1) and the columns. */
export function viewStateOf(state: ListState, hidden: readonly string[]): ViewState {
  return {
    ...(state.sortField ? { sortField: state.sortField } : {}),
    sortOrder: state.sortOrder,
    sizePerPage: state.sizePerPage,
    filters: { ...state.filters },
    hiddenColumns: [...hidden],
  };
}

/** The list state a view opens with: page 1 and anything the list no longer allows dropped. */
export function listStateOfView(view: ViewState, defaults: ListDefaults): ListState {
  // Through the URL parser, so a view saved before a list changed cannot put a bad sort or filter in.
  const params = writeListState(
    new URLSearchParams(),
    { ...defaultListState(defaults), ...view, page: 1, sortField: view.sortField ?? defaults.sortField },
    defaults,
  );
  return parseListState(params, defaults);
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The saved view the table shows now, if any: same sort, size, filters and columns (any page). */
export function activeView(
  views: readonly SavedView[],
  state: ListState,
  hidden: readonly string[],
  defaults: ListDefaults,
): SavedView | undefined {
  return views.find((view) => {
    const s = listStateOfView(view.state, defaults);
    return (
      sameSortAndFilters(s, state) &&
      s.sizePerPage === state.sizePerPage &&
      sameSet(view.state.hiddenColumns, hidden)
    );
  });
}

/** The URL key of a shared view (`view`, or `<prefix>.view` on a screen with several lists). */
export function viewKey(defaults: ListDefaults): string {
  return defaults.prefix ? `${defaults.prefix}.view` : 'view';
}

/** Whether the URL says anything about this list: then a default view must not replace it. */
export function hasListParams(params: URLSearchParams, defaults: ListDefaults): boolean {
  const keys = listKeys(defaults.prefix);
  const exact = [keys.page, keys.size, keys.sort, keys.order, viewKey(defaults)];
  return [...params.keys()].some((key) => exact.includes(key) || key.startsWith(keys.filter));
}

/** The URL with a view's state in place of the list's, and without the view key (the view is applied). */
export function paramsWithView(
  params: URLSearchParams,
  view: ViewState,
  defaults: ListDefaults,
): URLSearchParams {
  const keys = listKeys(defaults.prefix);
  const next = new URLSearchParams(params);
  for (const key of [...next.keys()]) {
    if ([keys.page, keys.size, keys.sort, keys.order, viewKey(defaults)].includes(key)) next.delete(key);
  }
  return writeListState(next, listStateOfView(view, defaults), defaults);
}

/**
 * A view's shareable address: this screen's path and its own params (a tab, say), with the view key in
 * place of this list's state.
 */
export function viewLink(location: URL, id: string, defaults: ListDefaults): string {
  const keys = listKeys(defaults.prefix);
  const exact = [keys.page, keys.size, keys.sort, keys.order];
  const params = new URLSearchParams(location.search);
  for (const key of [...params.keys()]) {
    if (exact.includes(key) || key.startsWith(keys.filter)) params.delete(key);
  }
  params.set(viewKey(defaults), id);
  return `${location.origin}${location.pathname}?${params}`;
}
