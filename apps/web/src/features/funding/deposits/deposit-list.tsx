import { MESSAGES, PAGE_SIZES, type Deposit, type FundingTab } from '@brokerdesk/contract';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  type ListDefaults,
} from '../../../shared/data-table/index.ts';
import { useAdmins } from '../../accounts/accounts-queries.ts';
import { fundingApi } from '../shared/funding-api.ts';
import { fundingRowStyle, fundingRowTitle, isDeposit } from '../shared/funding-rows.ts';
import { depositTabColumns } from '../shared/funding-tabs.ts';
import { RowLegend } from '../shared/row-legend.tsx';
import { useFundingList } from '../shared/use-funding-list.ts';
import { useRowApproval } from '../shared/use-row-approval.ts';
import { DEPOSIT_FILTER_TYPES, DEPOSIT_SORT_FIELDS, depositColumns } from './deposit-columns.tsx';
import { DepositUpdateModal } from './deposit-update-modal.tsx';
import { useRowEditor } from '../shared/use-row-editor.ts';

/** SPEC 9: 50 or 100 rows, newest first. */
function defaultsFor(prefix: string | undefined): ListDefaults {
  return listDefaults(PAGE_SIZES.deposits, {
    sortField: 'timestamp',
    sortOrder: 'desc',
    sortFields: DEPOSIT_SORT_FIELDS,
    filterFields: Object.keys(DEPOSIT_FILTER_TYPES),
    prefix,
  });
}
const DEFAULTS = defaultsFor(undefined);
const HISTORY_DEFAULTS = defaultsFor('dep');

type Props = {
  status: FundingTab;
  /** On a screen with several lists (Historical requests), the URL keys get this prefix. */
  inTabs?: boolean;
};

/** A deposit list of one status tab, with its Reject/Approve buttons and the update modal. */
export function DepositList({ status, inTabs = false }: Props) {
  const list = useUrlListState(inTabs ? HISTORY_DEFAULTS : DEFAULTS);
  const query = useFundingList('deposit', status, list.state, DEPOSIT_FILTER_TYPES);
  const extra = depositTabColumns(status);
  const admins = useAdmins();
  const { approve, approvingId } = useRowApproval({
    type: 'deposit',
    call: (deposit: Deposit) => fundingApi.processDeposit(deposit._id),
    question: MESSAGES.approveDeposit,
    fallbackMessage: 'Deposit updated.',
  });

  const clients = query.data?.data.clients;
  const { editing, open: openEditor, close: closeEditor } = useRowEditor<Deposit>(clients);
  const admin = extra.approval ? admins.data : undefined;
  const columns = useMemo(
    () =>
      depositColumns({
        tab: status,
        clients,
        admins: admin,
        actions: {
          onReject: (deposit) => openEditor(deposit, 'rejected'),
          onApprove: (deposit) => void approve(deposit),
          approvingId,
        },
      }),
    [status, clients, openEditor, admin, approve, approvingId],
  );

  return (
    <Stack gap="xs">
      <DataTable
        label="Deposits"
        columns={columns}
        list={list}
        rowKey={(d) => d._id}
        {...queryTableProps(query, (r) => ({
          rows: r.data.transfers.filter(isDeposit),
          total: r.data.totalSize,
        }))}
        rowStyle={fundingRowStyle}
        rowTitle={fundingRowTitle}
        onRowDoubleClick={(deposit) => openEditor(deposit)}
        minWidth={1100}
        emptyText="No deposits."
      />
      <RowLegend
        tones={['approved', 'rejected', 'failed']}
        hint="Double-click a row to update the deposit."
      />
      {editing && (
        <DepositUpdateModal
          deposit={editing.row}
          client={editing.client}
          preset={editing.preset}
          onClose={closeEditor}
        />
      )}
    </Stack>
  );
}
