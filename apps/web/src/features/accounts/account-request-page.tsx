import type { BulkKind, ExportableList } from '@brokerdesk/contract';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../shared/page-header.tsx';
import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { BulkBar, useBulkActions } from '../../shared/bulk/use-bulk-actions.tsx';
import {
  DataTable,
  queryTableProps,
  toPagedRequest,
  useUrlListState,
  type DataTableColumn,
  type ListDefaults,
} from '../../shared/data-table/index.ts';
import { ExportButton } from '../../shared/export-button.tsx';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useRouteStatus } from '../../shared/use-route-status.ts';
import { tabsOf } from '../funding/shared/funding-tabs.ts';
import { clientLabel } from '../funding/shared/request-summary.tsx';
import { StatusTabs } from '../funding/shared/status-tabs.tsx';
import type { Editing } from '../funding/shared/use-row-editor.ts';
import {
  useLinkedRequest,
  useRequestPage,
  type AccountRequest,
  type Clients,
  type RequestCalls,
  type RequestRows,
} from './account-requests.ts';

type FilterTypes = Parameters<typeof toPagedRequest>[1];
type Open<R> = (row: R, preset?: 'rejected') => void;

/** What makes one account request screen (change leverage, new sub-accounts) differ from the other. */
export type AccountRequestScreen<R extends AccountRequest, S extends string, P, Reply> = {
  /** The page title and heading. */
  title: string;
  /** The table's accessible name. */
  tableLabel: string;
  /** The route without its status, e.g. '/change-leverage-requests'. */
  basePath: string;
  /** Saved views and column choices are kept per `${listId}.${status}`. */
  listId: string;
  /** The statuses the route takes; any other :status is Not found. */
  statuses: readonly S[];
  list: ListDefaults;
  filterTypes: FilterTypes;
  exportList: ExportableList;
  exportParams: (status: S) => Record<string, string>;
  calls: RequestCalls<S, P, Reply, R>;
  /** The rows of a server page, with its clients and totals. */
  pageOf: (page: P) => RequestRows<R> & { totalSize: number; totalCapped?: boolean };
  /** The columns of a status; may use hooks (row actions). */
  useColumns: (status: S, clients: Clients | undefined, open: Open<R>) => DataTableColumn<R>[];
  bulk: {
    kind: BulkKind;
    /** Rows Bulk Approve / Reject may pick on the pending tab. */
    canDecide: (row: R) => boolean;
    /** The request in the bulk results, after the client's name. */
    describe: (row: R) => string;
    invalidate: readonly QueryKey[];
  };
  /** A click or a double-click opens a request. */
  openOn: 'click' | 'doubleClick';
  rowStyle?: (row: R) => CSSProperties | undefined;
  rowTitle?: (row: R) => string | undefined;
  emptyText: string;
  /** The line under the table. */
  hint: ReactNode;
  /** The update modal of a request, opened from the list of `listStatus`. */
  Editor: ComponentType<{ entry: Editing<R>; listStatus: S; onClose: () => void }>;
};

/**
 * A request list of the trading accounts area: status tabs (each its own route), the server-paged
 * list with bulk Approve / Reject on the pending tab, Export CSV, and the request's update modal, open
 * while its id is in the URL (?open=<id>: a link opens it, Back closes it).
 */
export function AccountRequestPage<R extends AccountRequest, S extends string, P, Reply>({
  screen,
}: {
  screen: AccountRequestScreen<R, S, P, Reply>;
}) {
  const status = useRouteStatus(screen.statuses);
  if (!status) return <NotFoundPage />;
  return <RequestScreen key={status} screen={screen} status={status} />;
}

function RequestScreen<R extends AccountRequest, S extends string, P, Reply>({
  screen,
  status,
}: {
  screen: AccountRequestScreen<R, S, P, Reply>;
  status: S;
}) {
  usePageTitle(screen.title);
  const list = useUrlListState(screen.list);
  const request = toPagedRequest(list.state, screen.filterTypes);
  const query = useRequestPage(screen.calls, status, request);
  const { pageOf } = screen;
  const page = useMemo(
    () => (query.data === undefined ? undefined : pageOf(query.data)),
    [query.data, pageOf],
  );
  const clients = page?.users;
  const { editing, open, close } = useLinkedRequest(page, screen.calls);
  const columns = screen.useColumns(status, clients, open);
  const { describe } = screen.bulk;
  const bulk = useBulkActions<R>({
    ...screen.bulk,
    enabled: status === 'pending',
    rows: page?.rows,
    rowKey: requestId,
    describe: useCallback(
      (row: R) => `${clientLabel(clients?.[row.userId], row.userId)}, ${describe(row)}`,
      [clients, describe],
    ),
  });
  const { withSelection } = bulk;
  const shown = useMemo(() => withSelection(columns), [withSelection, columns]);
  const table = queryTableProps(query, (d) => {
    const { rows, totalSize, totalCapped } = pageOf(d);
    return { rows, total: totalSize, totalCapped };
  });

  return (
    <Stack gap="md">
      <PageHeader title={screen.title}>
        <ExportButton list={screen.exportList} params={screen.exportParams(status)} request={request} />
      </PageHeader>
      <StatusTabs tabs={tabsOf(screen.statuses)} value={status} basePath={screen.basePath} />
      <BulkBar bulk={bulk} />
      <DataTable
        label={screen.tableLabel}
        listId={`${screen.listId}.${status}`}
        columns={shown}
        list={list}
        rowKey={requestId}
        {...table}
        rowStyle={screen.rowStyle}
        rowTitle={screen.rowTitle}
        {...(screen.openOn === 'click'
          ? { onRowClick: (row: R) => open(row) }
          : { onRowDoubleClick: (row: R) => open(row) })}
        minWidth={800}
        emptyText={screen.emptyText}
      />
      {screen.hint}
      {editing && <screen.Editor entry={editing} listStatus={status} onClose={close} />}
    </Stack>
  );
}

const requestId = (row: AccountRequest) => row._id;
