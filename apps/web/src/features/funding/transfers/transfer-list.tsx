import { MESSAGES, PAGE_SIZES, type FundingTab, type Transfer } from '@brokerdesk/contract';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  type ListDefaults,
} from '../../../shared/data-table/index.ts';
import { fundingApi } from '../shared/funding-api.ts';
import { fundingRowStyle, fundingRowTitle, isTransfer } from '../shared/funding-rows.ts';
import { RowLegend } from '../shared/row-legend.tsx';
import { useFundingList } from '../shared/use-funding-list.ts';
import { useRowApproval } from '../shared/use-row-approval.ts';
import { TRANSFER_FILTER_TYPES, TRANSFER_SORT_FIELDS, transferColumns } from './transfer-columns.tsx';
import { TransferUpdateModal } from './transfer-update-modal.tsx';
import { useRowEditor } from '../shared/use-row-editor.ts';

/** SPEC 9: 50 or 100 rows, newest first. */
function defaultsFor(prefix: string | undefined): ListDefaults {
  return listDefaults(PAGE_SIZES.transfers, {
    sortField: 'timestamp',
    sortOrder: 'desc',
    sortFields: TRANSFER_SORT_FIELDS,
    filterFields: Object.keys(TRANSFER_FILTER_TYPES),
    prefix,
  });
}
const DEFAULTS = defaultsFor(undefined);
const HISTORY_DEFAULTS = defaultsFor('tr');

type Props = { status: FundingTab; inTabs?: boolean };

/** A transfer list of one status tab, with Reject/Approve on pending and the update modal. */
export function TransferList({ status, inTabs = false }: Props) {
  const list = useUrlListState(inTabs ? HISTORY_DEFAULTS : DEFAULTS);
  const query = useFundingList('transfer', status, list.state, TRANSFER_FILTER_TYPES);
  const { approve, approvingId } = useRowApproval({
    type: 'transfer',
    call: (t: Transfer) => fundingApi.processTransfer(t._id),
    question: MESSAGES.approveTransfer,
    fallbackMessage: 'Transfer updated.',
  });

  const clients = query.data?.data.clients;
  const { editing, open: openEditor, close: closeEditor } = useRowEditor<Transfer>(clients);
  const columns = useMemo(
    () =>
      transferColumns({
        tab: status,
        clients,
        actions: {
          onReject: (transfer) => openEditor(transfer, 'rejected'),
          onApprove: (transfer) => void approve(transfer),
          approvingId,
        },
      }),
    [status, clients, openEditor, approve, approvingId],
  );

  return (
    <Stack gap="xs">
      <DataTable
        label="Internal transfers"
        columns={columns}
        list={list}
        rowKey={(t) => t._id}
        {...queryTableProps(query, (r) => ({
          rows: r.data.transfers.filter(isTransfer),
          total: r.data.totalSize,
        }))}
        rowStyle={fundingRowStyle}
        rowTitle={fundingRowTitle}
        onRowDoubleClick={(transfer) => openEditor(transfer)}
        minWidth={1100}
        emptyText="No transfers."
      />
      <RowLegend
        tones={['approved', 'rejected', 'failed']}
        hint="Double-click a row to update the transfer; a half-done (bright red) one can be completed or reversed there."
      />
      {editing && (
        <TransferUpdateModal
          transfer={editing.row}
          client={editing.client}
          preset={editing.preset}
          onClose={closeEditor}
        />
      )}
    </Stack>
  );
}
