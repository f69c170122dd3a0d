import { PAGE_SIZES, type SubAccountRequest } from '@brokerdesk/contract';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { ExportButton } from '../../../shared/export-button.tsx';
import { useCallback, useMemo } from 'react';
import { BulkBar, useBulkActions } from '../../../shared/bulk/use-bulk-actions.tsx';
import { clientLabel } from '../../funding/shared/request-summary.tsx';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  toPagedRequest,
} from '../../../shared/data-table/index.ts';
import { NotFoundPage } from '../../../shared/not-found-page.tsx';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { useRouteStatus } from '../../../shared/use-route-status.ts';
import { tabsOf } from '../../funding/shared/funding-tabs.ts';
import { StatusTabs } from '../../funding/shared/status-tabs.tsx';
import {
  ADMIN_REQUESTED_ROW,
  SUB_ACCOUNT_FILTER_TYPES,
  SUB_ACCOUNT_SORT_FIELDS,
  subAccountColumns,
} from './sub-account-columns.tsx';
import {
  SUB_ACCOUNT_LIST_STATUSES,
  subAccountKeys,
  useLinkedSubAccount,
  useSubAccountRequests,
  type SubAccountStatus,
} from './sub-account-queries.ts';
import { SubAccountUpdateModal } from './sub-account-update-modal.tsx';

/** The statuses this list has (SPEC 2.1); any other :status is Not found. */
export const SUB_ACCOUNT_STATUSES = SUB_ACCOUNT_LIST_STATUSES;
const TABS = tabsOf(SUB_ACCOUNT_STATUSES);

/** SPEC 9: 50 or 100 rows; newest first. */
const LIST = listDefaults(PAGE_SIZES.subAccounts, {
  sortField: 'timeCreated',
  sortOrder: 'desc',
  sortFields: SUB_ACCOUNT_SORT_FIELDS,
  filterFields: Object.keys(SUB_ACCOUNT_FILTER_TYPES),
});

const requestId = (s: SubAccountRequest) => s._id;
const isClientPending = (s: SubAccountRequest) => s.status === 'pending' && !s.adminRequested;

/** /new-sub-account-requests/:status (SPEC 2.19). */
export function SubAccountRequestsPage() {
  const status = useRouteStatus(SUB_ACCOUNT_STATUSES);
  if (!status) return <NotFoundPage />;
  return <SubAccountRequestsScreen key={status} status={status} />;
}

function SubAccountRequestsScreen({ status }: { status: SubAccountStatus }) {
  usePageTitle('New Sub Account Requests');
  const list = useUrlListState(LIST);
  const query = useSubAccountRequests(status, list.state, SUB_ACCOUNT_FILTER_TYPES);
  const clients = query.data?.users;
  // The open request is in the URL (?open=<id>): a link opens it, Back closes it. A copy of the row as
  // clicked: the 5-second refresh must not pull the modal away mid-decision (use-linked-row.ts).
  const { editing, open, close } = useLinkedSubAccount(query.data);
  const columns = useMemo(() => subAccountColumns(clients), [clients]);
  // Bulk Approve / Reject (issue 20) on the pending tab; staff-made requests cannot be changed.
  const bulk = useBulkActions<SubAccountRequest>({
    kind: 'subAccount',
    enabled: status === 'pending',
    rows: query.data?.accounts,
    rowKey: requestId,
    canDecide: isClientPending,
    describe: useCallback(
      (s: SubAccountRequest) =>
        `${clientLabel(clients?.[s.userId], s.userId)}, ${s.live ? 'live' : 'demo'} ${s.type} ${s.baseCurrency}`,
      [clients],
    ),
    invalidate: [subAccountKeys.lists()],
  });
  const { withSelection } = bulk;
  const shown = useMemo(() => withSelection(columns), [withSelection, columns]);
  const table = queryTableProps(query, (d) => ({
    rows: d.accounts,
    total: d.totalSize,
    totalCapped: d.totalCapped,
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>New Sub Account Requests</Title>
        <ExportButton
          list="sub-account-requests"
          params={{ live: 'all', status }}
          request={toPagedRequest(list.state, SUB_ACCOUNT_FILTER_TYPES)}
        />
      </Group>
      <StatusTabs tabs={TABS} value={status} basePath="/new-sub-account-requests" />
      <BulkBar bulk={bulk} />
      <DataTable
        label="New sub account requests"
        listId={`sub-accounts.${status}`}
        columns={shown}
        list={list}
        rowKey={(s) => s._id}
        {...table}
        rowStyle={(s: SubAccountRequest) => (s.adminRequested ? ADMIN_REQUESTED_ROW : undefined)}
        rowTitle={(s: SubAccountRequest) => (s.adminRequested ? 'Opened by staff' : undefined)}
        onRowClick={(row) => open(row)}
        minWidth={800}
        emptyText="No sub account requests."
      />
      <Group gap="lg">
        <Group gap={6}>
          <Box
            w={14}
            h={14}
            style={{ ...ADMIN_REQUESTED_ROW, border: '1px solid var(--mantine-color-gray-4)' }}
          />
          <Text size="xs" c="dimmed">
            Opened by staff
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          Click a row to open the request. The list refreshes every 5 seconds.
        </Text>
      </Group>
      {editing && (
        <SubAccountUpdateModal
          request={editing.row}
          client={editing.client}
          listStatus={status}
          onClose={close}
        />
      )}
    </Stack>
  );
}
