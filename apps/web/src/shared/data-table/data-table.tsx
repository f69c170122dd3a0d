import { Alert, Button, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { DataTableFooter } from './data-table-footer.tsx';
import { DataTableHead } from './data-table-head.tsx';
import { DataTableRow, MessageRow, type RowHandlers } from './data-table-row.tsx';
import { pageCount } from './list-state.ts';
import { useNewRows } from './new-rows.ts';
import type { DataTableColumn, ListController } from './types.ts';

export type DataTableProps<T> = RowHandlers<T> & {
  /** Names the table for screen readers and tests. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /** The current page as the server sent it; undefined before the first answer. */
  rows: readonly T[] | undefined;
  total: number | undefined;
  /** The server stopped counting at `total` (TOTAL_CAP): there are more rows than that. */
  totalCapped?: boolean;
  list: ListController;
  rowKey: (row: T) => string;
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
};

const NO_ROWS: never[] = [];

/**
 * The one server-paged table of the console (STYLE.md). The server pages, sorts and filters
 * (TanStack Table in manual mode); the view comes from a ListController, normally the URL.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, total = 0, list, rowKey, loading, refreshing, error, onRetry } = props;
  const { state } = list;
  // Rows that a background refresh brings wait behind "N new rows" instead of moving the page (new-rows.ts).
  const view = useMemo(() => JSON.stringify(state), [state]);
  const fresh = useNewRows(rows, rowKey, view, Boolean(refreshing));

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        // TanStack only sorts columns with an accessor; the server sorts, so the value is never read.
        accessorFn: () => null,
        header: column.header,
        cell: ({ row }) => column.cell(row.original),
        enableSorting: Boolean(column.sortable),
        sortDescFirst: Boolean(column.sortDescFirst),
        meta: { column },
      })),
    [columns],
  );

  const sorting = useMemo<SortingState>(
    () => (state.sortField ? [{ id: state.sortField, desc: state.sortOrder === 'desc' }] : []),
    [state.sortField, state.sortOrder],
  );

  const table = useReactTable<T>({
    data: (fresh.rows ?? NO_ROWS) as T[],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    rowCount: total,
    state: {
      sorting,
      pagination: { pageIndex: state.page - 1, pageSize: state.sizePerPage },
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) list.setSort(first.id, first.desc ? 'desc' : 'asc');
    },
  });

  // A page past the end (rows deleted, a stale link): go to the last page instead of showing nothing.
  const lastPage = pageCount(total, state.sizePerPage);
  const outOfRange = !loading && !error && rows !== undefined && state.page > lastPage;
  useEffect(() => {
    if (outOfRange) list.setPage(lastPage, { replace: true });
  }, [outOfRange, lastPage, list]);

  const clickable = Boolean(props.onRowClick || props.onRowDoubleClick);
  const span = columns.length;
  const bodyRows = table.getRowModel().rows;

  return (
    <Paper withBorder={props.withBorder ?? true} radius="md" pos="relative">
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
          aria-label={props.label}
          aria-busy={loading || refreshing ? true : undefined}
          highlightOnHover={clickable}
          verticalSpacing={6}
          horizontalSpacing={8}
          fz="sm"
        >
          <DataTableHead table={table} list={list} />
          <Table.Tbody style={{ opacity: refreshing ? 0.55 : 1, transition: 'opacity 120ms' }}>
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
              bodyRows.map((row) => (
                <DataTableRow
                  key={row.id}
                  row={row}
                  columns={columns}
                  rowStyle={props.rowStyle}
                  rowClassName={props.rowClassName}
                  rowTitle={props.rowTitle}
                  onRowClick={props.onRowClick}
                  onRowDoubleClick={props.onRowDoubleClick}
                />
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DataTableFooter list={list} total={total} capped={props.totalCapped} />
    </Paper>
  );
}
