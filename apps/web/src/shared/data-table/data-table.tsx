import { Alert, Button, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { movedIndex, pressRowAction, ROW_ACTION_ATTRIBUTE, rowCommand } from '../keyboard/row-keys.ts';
import { DataTableFooter } from './data-table-footer.tsx';
import { DataTableHead } from './data-table-head.tsx';
import {
  cellClassesOf,
  DataTableRow,
  MessageRow,
  type RowActions,
  type RowHandlers,
} from './data-table-row.tsx';
import { RowNavigateContext } from './row-link.tsx';
import { forgetClippedText, showClippedText } from './clipped-text.ts';
import classes from './data-table.module.css';
import { useFirstScreenFirst } from './first-screen.ts';
import { TableSettingsBar } from './table-settings/settings-bar.tsx';
import { useTableSettings } from './table-settings/use-table-settings.ts';
import { useFitCheck, useTableWidth, type FitState } from './table-fit.ts';
import { pageCount, sameSortAndFilters } from './list-state.ts';
import { useNewRows } from './new-rows.ts';
import { nextRowSlots, type RowSlots } from './row-slots.ts';
import type { DataTableColumn, ListController } from './types.ts';

/** Most rows are server records and are keyed by their _id; any other row names its key. */
type RowKey<T> = [T] extends [{ _id: string }]
  ? { rowKey?: (row: T) => string }
  : { rowKey: (row: T) => string };

const byId = (row: unknown) => (row as { _id: string })._id;

export type DataTableProps<T> = RowHandlers<T> &
  RowKey<T> & {
    /** Names the table for screen readers and tests. */
    label: string;
    /**
     * Names the list for the staff member's columns, density and saved views, kept on the server
     *: the area and the tab, e.g. 'users.pending'. Without it the toolbar is not shown.
     */
    listId?: string;
    columns: readonly DataTableColumn<T>[];
    /** The current page as the server sent it; undefined before the first answer. */
    rows: readonly T[] | undefined;
    total: number | undefined;
    /** The server stopped counting at `total` (TOTAL_CAP): there are more rows than that. */
    totalCapped?: boolean;
    list: ListController;
    /** Nothing to show yet (first load). */
    loading?: boolean;
    /** The previous page is on screen while the requested one loads. */
    refreshing?: boolean;
    error?: unknown;
    onRetry?: () => void;
    emptyText?: string;
    /** Below this width the table scrolls sideways instead of squeezing its columns. */
    minWidth?: number;
    /** False inside a card that already draws the frame. */
    withBorder?: boolean;
    /**
     * What Enter on a focused row does; by default the double-click (or click) action, else the row's
     * first link. 'a' and 'r' press the row's own Approve/Reject buttons (keyboard/row-keys.ts).
     */
    onOpen?: (row: T) => void;
    /**
     * 'a' / 'r' on a row without its own Approve / Reject button: the screen's approve or reject path
     * (e.g. the update modal set to Reject), which must ask for confirmation itself and do nothing for a
     * row that cannot be approved or rejected.
     */
    onApprove?: (row: T) => void;
    onReject?: (row: T) => void;
  };

const NO_ROWS: never[] = [];
/** A table without settings shows its columns as given: nothing to fit. */
const NOT_FITTED: FitState = { hidden: [], chosen: true };

/**
 * The rows dim while the next page loads, but only past 200 ms: a quick page never flashes, and the
 * fade's frames (each one painting every row again) no longer run while its data arrives (bench:web
 * --css measured 6 ms off the paint). The new page shows at once, undimmed.
 */
const DIMMED: CSSProperties = { opacity: 0.55, transition: 'opacity 120ms 200ms' };
const UNDIMMED: CSSProperties = { opacity: 1 };

/**
 * Re-renders only when the columns, the sort or the filters change: not with a new page of data, nor
 * with a page flip (its filter inputs and their popovers are the costliest part of a table to render
 * again). Its handlers change the list through the router's current address (use-url-list-state.ts),
 * so a kept header never acts on an old view.
 */
const Head = memo(
  DataTableHead,
  (a, b) => a.columns === b.columns && sameSortAndFilters(a.list.state, b.list.state),
) as typeof DataTableHead;

/** The settings bar's object stays the same while nothing it shows changes (use-table-settings.ts). */
const SettingsBar = memo(TableSettingsBar) as typeof TableSettingsBar;

/**
 * The one server-paged table of the console (STYLE.md). The server pages, sorts and filters; the view
 * comes from a ListController, normally the URL, and the columns from the screen (and the staff
 * member's settings). Rows and cells are drawn here, one memoised row at a time.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, total = 0, list, loading, refreshing, error, onRetry } = props;
  const rowKey = (props as { rowKey?: (row: T) => string }).rowKey ?? byId;
  const { state } = list;
  const frame = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const hasRows = (rows?.length ?? 0) > 0;
  const tableWidth = useTableWidth(frame, props.columns, hasRows);
  const settings = useTableSettings(props.listId, props.columns, list, tableWidth.fit);
  const columns = settings?.columns ?? props.columns;
  const compact = settings?.density === 'compact';
  // Rows that a background refresh brings wait behind "N new rows" instead of moving the page (new-rows.ts).
  const view = useMemo(() => JSON.stringify(state), [state]);
  const fresh = useNewRows(rows, rowKey, view, Boolean(refreshing));

  // A page past the end (rows deleted, a stale link): go to the last page instead of showing nothing.
  const lastPage = pageCount(total, state.sizePerPage);
  const outOfRange = !loading && !error && rows !== undefined && state.page > lastPage;
  useEffect(() => {
    if (outOfRange) list.setPage(lastPage, { replace: true });
  }, [outOfRange, lastPage, list]);

  const clickable = Boolean(props.onRowClick || props.onRowDoubleClick);
  const span = columns.length;
  const bodyRows: readonly T[] = fresh.rows ?? NO_ROWS;
  const cellClasses = useMemo(() => cellClassesOf(columns), [columns]);
  // Screens pass new handler functions on every render; rows get these stable ones (which call the
  // latest) so that their memo holds.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const actions = useMemo<RowActions<T>>(
    () => ({
      click: (row) => latest.current.onRowClick?.(row),
      doubleClick: (row) => latest.current.onRowDoubleClick?.(row),
    }),
    [],
  );
  const navigate = useNavigate();
  // Which element draws which row (row-slots.ts): by place for a new page, by record for a refresh.
  const slotsNow = useRef<RowSlots | null>(null);
  const slots = nextRowSlots(slotsNow.current, bodyRows.map(rowKey), view, Boolean(refreshing));
  slotsNow.current = slots;
  const body = useRef<HTMLTableSectionElement>(null);
  // Elements taken by place may show other records now: the titles they got on hover must go.
  useLayoutEffect(() => forgetClippedText(body.current), [slots.generation]);
  // A new page (or the first rows) draws its first screen first, the rest a frame later (first-screen.ts).
  const turned = useRef(false);
  const elements = useMemo(() => ({ frame, table, body, turned }), []);
  // What the kept widths depend on: which columns, their set widths, the density (not the array itself,
  // which screens make again with their data, a selection or a pressed button).
  const columnLayout = `${compact}|${columns.map((column) => `${column.id}:${column.width ?? ''}`).join(',')}`;
  const drawn = useFirstScreenFirst(elements, slots.generation, bodyRows.length, columnLayout);
  useFitCheck(table, props.columns, settings ?? NOT_FITTED, tableWidth, hasRows);
  const keys = useRowKeys(bodyRows.length, (index, command) => {
    const row = bodyRows[index];
    const handler =
      command === 'approve'
        ? props.onApprove
        : command === 'reject'
          ? props.onReject
          : (props.onOpen ?? props.onRowDoubleClick ?? props.onRowClick);
    return row === undefined ? undefined : handler ? () => handler(row) : null;
  });

  return (
    <Paper withBorder={props.withBorder ?? true} radius="md" pos="relative" ref={frame}>
      {settings && <SettingsBar settings={settings} />}
      {error !== undefined && error !== null && rows !== undefined && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} m="xs" role="alert">
          <Group justify="space-between">
            <span>The list could not be refreshed. It shows the last data loaded.</span>
            {onRetry && (
              <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
                Retry
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <div aria-live="polite">
        {fresh.waiting > 0 && (
          <Group justify="center" py={4}>
            <Button size="compact-xs" variant="light" onClick={fresh.show} data-testid="new-rows">
              {fresh.waiting} new {fresh.waiting === 1 ? 'row' : 'rows'} · Show
            </Button>
          </Group>
        )}
      </div>
      <Table.ScrollContainer minWidth={props.minWidth ?? 600} type="native">
        <Table
          ref={table}
          className={classes.table}
          aria-label={props.label}
          // Busy too for the one frame that draws a new page's first screen only (first-screen.ts).
          aria-busy={loading || refreshing || drawn < bodyRows.length ? true : undefined}
          highlightOnHover={clickable}
          verticalSpacing={compact ? 1 : 6}
          horizontalSpacing={8}
          fz={compact ? 'xs' : 'sm'}
          data-density={compact ? 'compact' : undefined}
        >
          {/* Widths set by first-screen.ts only, while a page keeps its first screen's columns. */}
          <colgroup>
            {columns.map((column) => (
              <col key={column.id} />
            ))}
          </colgroup>
          <Head list={list} columns={columns} />
          <Table.Tbody
            ref={body}
            onKeyDown={keys.onKeyDown}
            onFocus={keys.onFocus}
            onMouseOver={showClippedText}
            style={refreshing ? DIMMED : UNDIMMED}
          >
            {loading && rows === undefined ? (
              <MessageRow span={span}>
                <Loader size="sm" aria-label="Loading" />
              </MessageRow>
            ) : error && rows === undefined ? (
              <MessageRow span={span}>
                <Group gap="sm" justify="center">
                  <Text c="red" size="sm">
                    The list could not be loaded.
                  </Text>
                  {onRetry && (
                    <Button size="compact-sm" variant="light" onClick={onRetry}>
                      Retry
                    </Button>
                  )}
                </Group>
              </MessageRow>
            ) : bodyRows.length === 0 ? (
              <MessageRow span={span}>
                <Text c="dimmed" size="sm">
                  {props.emptyText ?? 'No records found.'}
                </Text>
              </MessageRow>
            ) : (
              <RowNavigateContext.Provider value={navigate}>
                {(drawn < bodyRows.length ? bodyRows.slice(0, drawn) : bodyRows).map((item, index) => (
                  <DataTableRow
                    key={slots.keys.get(rowKey(item))}
                    item={item}
                    index={index}
                    active={index === keys.active}
                    columns={columns}
                    cellClasses={cellClasses}
                    style={props.rowStyle?.(item)}
                    className={props.rowClassName?.(item)}
                    title={props.rowTitle?.(item)}
                    clickable={Boolean(props.onRowClick)}
                    doubleClickable={Boolean(props.onRowDoubleClick)}
                    actions={actions}
                  />
                ))}
              </RowNavigateContext.Provider>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DataTableFooter
        list={list}
        total={total}
        capped={props.totalCapped}
        onTurn={() => (turned.current = true)}
      />
    </Paper>
  );
}

/** The row a key event or focus event comes from: the row itself, or (within=true) anything inside it. */
function rowOf(target: EventTarget, body: HTMLElement, within: boolean): HTMLTableRowElement | null {
  if (!(target instanceof HTMLElement)) return null;
  const row = within ? target.closest('tr') : target;
  return row instanceof HTMLTableRowElement &&
    row.parentElement === body &&
    row.dataset.rowIndex !== undefined
    ? row
    : null;
}

/**
 * Roving focus over the rows: one row in the Tab order, arrows or j/k to move,
 * Home/End, Enter to open, 'a'/'r' to press the row's own Approve/Reject button (with its confirmation).
 * Keys count only when the row itself has focus, so buttons and fields inside rows keep theirs.
 * `actionOf` gives a row's open/approve/reject action from the screen, null for none: Enter then follows
 * the row's first link; 'a'/'r' use the row's own button first and the screen's action only without one.
 */
function useRowKeys(
  count: number,
  actionOf: (index: number, command: 'open' | 'approve' | 'reject') => (() => void) | null | undefined,
) {
  const [focused, setFocused] = useState(0);
  const active = Math.min(focused, Math.max(count - 1, 0));
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);

  // A modal opened from a row (mounted open, so Mantine has nothing to return focus to) hands the
  // focus back to that row when it closes, and the keys go on working without the mouse.
  const returnFocusAfterDialog = (body: HTMLElement, index: number) => {
    stopWatching.current?.();
    let opened = false;
    const observer = new MutationObserver(() => {
      const dialog = document.querySelector('[role="dialog"]') !== null;
      if (dialog) {
        opened = true;
        return;
      }
      if (!opened) return;
      stop();
      const current = document.activeElement;
      if (current && current !== document.body) return;
      const rows = body.querySelectorAll<HTMLElement>('tr[data-row-index]');
      rows[Math.min(index, rows.length - 1)]?.focus();
    });
    const stop = () => {
      observer.disconnect();
      if (stopWatching.current === stop) stopWatching.current = null;
    };
    observer.observe(document.body, { childList: true, subtree: true });
    stopWatching.current = stop;
  };

  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const row = rowOf(event.target, event.currentTarget, true);
    if (row) setFocused(Number(row.dataset.rowIndex));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const row = rowOf(event.target, event.currentTarget, false);
    const command = row ? rowCommand(event) : null;
    if (!row || !command) return;
    const index = Number(row.dataset.rowIndex);
    if (command === 'open') {
      const open = actionOf(index, command);
      const link = open === null ? row.querySelector<HTMLElement>('a[href]') : null;
      if (open) {
        returnFocusAfterDialog(event.currentTarget, index);
        open();
      } else link?.click();
      if (open || link) event.preventDefault();
      return;
    }
    if (command === 'approve' || command === 'reject') {
      const pressed = pressRowAction(row, command);
      // A row's own button, even disabled, is the only way: no screen action behind its back.
      const own = row.querySelector(`[${ROW_ACTION_ATTRIBUTE}="${command}"]`) !== null;
      const action = own ? null : actionOf(index, command);
      if (pressed || action) returnFocusAfterDialog(event.currentTarget, index);
      action?.();
      if (pressed || action) event.preventDefault();
      return;
    }
    event.preventDefault();
    const next = movedIndex(command, index, count);
    setFocused(next);
    event.currentTarget.querySelector<HTMLElement>(`tr[data-row-index="${next}"]`)?.focus();
  };

  return { active, onFocus, onKeyDown };
}
