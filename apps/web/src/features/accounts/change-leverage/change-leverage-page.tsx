import { LEVERAGE_LIST_STATUSES, PAGE_SIZES } from '@brokerdesk/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { ExportButton } from '../../../shared/export-button.tsx';
import { useCallback, useMemo } from 'react';
import type { LeverageChange } from '@brokerdesk/contract';
import { BulkBar, useBulkActions } from '../../../shared/bulk/use-bulk-actions.tsx';
import { formatLeverage } from '../../../shared/formatters.ts';
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
import { leverageKeys, type LeverageStatus } from './leverage-api.ts';
import { LEVERAGE_FILTER_TYPES, LEVERAGE_SORT_FIELDS, leverageColumns } from './leverage-columns.tsx';
import { useApproveLeverage, useLeverageRequests, useLinkedLeverage } from './leverage-queries.ts';
import { LeverageUpdateModal } from './leverage-update-modal.tsx';

/** The statuses this list has (SPEC 2.1); any other :status is Not found. */
export const LEVERAGE_STATUSES = LEVERAGE_LIST_STATUSES;
const TABS = tabsOf(LEVERAGE_STATUSES);

/** SPEC 9: 50 or 100 rows; newest first. */
const LIST = listDefaults(PAGE_SIZES.leverage, {
  sortField: 'timestamp',
  sortOrder: 'desc',
  sortFields: LEVERAGE_SORT_FIELDS,
  filterFields: Object.keys(LEVERAGE_FILTER_TYPES),
});

const changeId = (l: LeverageChange) => l._id;
const isPending = (l: LeverageChange) => l.status === 'pending';

/** /change-leverage-requests/:status (SPEC 2.18). */
export function ChangeLeveragePage() {
  const status = useRouteStatus(LEVERAGE_STATUSES);
  if (!status) return <NotFoundPage />;
  return <ChangeLeverageScreen key={status} status={status} />;
}

function ChangeLeverageScreen({ status }: { status: LeverageStatus }) {
  usePageTitle('Change leverage requests');
  const list = useUrlListState(LIST);
  const query = useLeverageRequests(status, list.state, LEVERAGE_FILTER_TYPES);
  const { approve, approvingId } = useApproveLeverage();
  const clients = query.data?.users;
  // The open change is in the URL (?open=<id>): a link opens it, Back closes it.
  const { editing, open: openEditor, close: closeEditor } = useLinkedLeverage(query.data);
  const columns = useMemo(
    () =>
      leverageColumns({
        status,
        clients,
        actions: {
          onReject: (change) => openEditor(change, 'rejected'),
          onApprove: (change) => void approve(change),
          approvingId,
        },
      }),
    [status, clients, openEditor, approve, approvingId],
  );
  // Bulk Approve / Reject (issue 20) on the pending tab.
  const bulk = useBulkActions<LeverageChange>({
    kind: 'leverage',
    enabled: status === 'pending',
    rows: query.data?.leverages,
    rowKey: changeId,
    canDecide: isPending,
    describe: useCallback(
      (l: LeverageChange) =>
        `${clientLabel(clients?.[l.userId], l.userId)}, ${l.accountNumber} to ${formatLeverage(l.newLeverage)}`,
      [clients],
    ),
    invalidate: [leverageKeys.lists()],
  });
  const { withSelection } = bulk;
  const shown = useMemo(() => withSelection(columns), [withSelection, columns]);
  const table = queryTableProps(query, (d) => ({
    rows: d.leverages,
    total: d.totalSize,
    totalCapped: d.totalCapped,
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Change leverage requests</Title>
        <ExportButton
          list="leverage-changes"
          params={{ status }}
          request={toPagedRequest(list.state, LEVERAGE_FILTER_TYPES)}
        />
      </Group>
      <StatusTabs tabs={TABS} value={status} basePath="/change-leverage-requests" />
      <BulkBar bulk={bulk} />
      <DataTable
        label="Change leverage requests"
        listId={`leverage.${status}`}
        columns={shown}
        list={list}
        rowKey={(l) => l._id}
        {...table}
        onRowDoubleClick={(change) => openEditor(change)}
        minWidth={800}
        emptyText="No leverage change requests."
      />
      <Text size="xs" c="dimmed">
        Double-click a row to open the request.
      </Text>
      {editing && (
        <LeverageUpdateModal
          change={editing.row}
          client={editing.client}
          listStatus={status}
          preset={editing.preset}
          onClose={closeEditor}
        />
      )}
    </Stack>
  );
}
