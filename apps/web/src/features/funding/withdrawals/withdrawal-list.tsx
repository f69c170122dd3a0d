import { MESSAGES, PAGE_SIZES, type FundingTab, type Withdrawal } from '@brokerdesk/contract';
import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  DataTable,
  listDefaults,
  queryTableProps,
  useUrlListState,
  type ListDefaults,
} from '../../../shared/data-table/index.ts';
import { BankDetailsViewModal } from '../banks/bank-details-view-modal.tsx';
import { useAdmins } from '../../accounts/accounts-queries.ts';
import { fundingApi } from '../shared/funding-api.ts';
import { fundingRowStyle, fundingRowTitle, isWithdrawal } from '../shared/funding-rows.ts';
import { withdrawalTabColumns } from '../shared/funding-tabs.ts';
import { RowLegend } from '../shared/row-legend.tsx';
import { useFundingList } from '../shared/use-funding-list.ts';
import { useRowApproval } from '../shared/use-row-approval.ts';
import { OrdersTable } from './orders-table.tsx';
import { WITHDRAWAL_FILTER_TYPES, WITHDRAWAL_SORT_FIELDS, withdrawalColumns } from './withdrawal-columns.tsx';
import { WithdrawalUpdateModal } from './withdrawal-update-modal.tsx';
import { useRowEditor } from '../shared/use-row-editor.ts';

/** SPEC 9: 10, 50 or 100 rows, 10 at first; newest first. */
function defaultsFor(prefix: string | undefined): ListDefaults {
  return listDefaults(PAGE_SIZES.withdrawals, {
    sortField: 'timestamp',
    sortOrder: 'desc',
    sortFields: WITHDRAWAL_SORT_FIELDS,
    filterFields: Object.keys(WITHDRAWAL_FILTER_TYPES),
    prefix,
  });
}
const DEFAULTS = defaultsFor(undefined);
const HISTORY_DEFAULTS = defaultsFor('wd');

type Props = {
  status: FundingTab;
  /** On a screen with several lists (Historical requests), the URL keys get a prefix. */
  inTabs?: boolean;
  /** The second table 'Orders' (SPEC 2.15), on the Withdrawal requests screen. */
  withOrders?: boolean;
};

/** A withdrawal list of one status tab: buttons, bank 'View', the update modal and the Orders table. */
export function WithdrawalList({ status, inTabs = false, withOrders = false }: Props) {
  const list = useUrlListState(inTabs ? HISTORY_DEFAULTS : DEFAULTS);
  const query = useFundingList('withdrawal', status, list.state, WITHDRAWAL_FILTER_TYPES);
  const extra = withdrawalTabColumns(status);
  const admins = useAdmins();
  const [bankId, setBankId] = useState<string | null>(null);
  const { approve, approvingId } = useRowApproval({
    type: 'withdrawal',
    call: (w: Withdrawal) => fundingApi.processWithdrawal(w._id),
    question: MESSAGES.approveWithdrawal,
    fallbackMessage: 'Withdrawal updated.',
  });

  const clients = query.data?.data.clients;
  const { editing, open: openEditor, close: closeEditor } = useRowEditor<Withdrawal>(clients);
  const admin = extra.approval ? admins.data : undefined;
  const columns = useMemo(
    () =>
      withdrawalColumns({
        tab: status,
        clients,
        admins: admin,
        onViewBank: setBankId,
        actions: {
          onReject: (withdrawal) => openEditor(withdrawal, 'rejected'),
          onApprove: (withdrawal) => void approve(withdrawal),
          approvingId,
        },
      }),
    [status, clients, openEditor, admin, approve, approvingId],
  );
  const rows = query.data?.data.transfers.filter(isWithdrawal);

  return (
    <Stack gap="xs">
      <DataTable
        label="Withdrawals"
        columns={columns}
        list={list}
        rowKey={(w) => w._id}
        {...queryTableProps(query, (r) => ({
          rows: r.data.transfers.filter(isWithdrawal),
          total: r.data.totalSize,
        }))}
        rowStyle={fundingRowStyle}
        rowTitle={fundingRowTitle}
        onRowDoubleClick={(withdrawal) => openEditor(withdrawal)}
        minWidth={1200}
        emptyText="No withdrawals."
      />
      <RowLegend
        tones={['approved', 'providerPending', 'rejected', 'failed']}
        hint="Double-click a row to update the withdrawal."
      />
      {withOrders && <OrdersTable withdrawals={rows} clients={clients} loading={query.isPending} />}
      {editing && (
        <WithdrawalUpdateModal
          withdrawal={editing.row}
          client={editing.client}
          preset={editing.preset}
          onClose={closeEditor}
        />
      )}
      {bankId && <BankDetailsViewModal bankId={bankId} onClose={() => setBankId(null)} />}
    </Stack>
  );
}
