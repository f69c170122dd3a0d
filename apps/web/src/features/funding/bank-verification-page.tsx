import { Navigate, useParams } from 'react-router';
import { REQUEST_KIND_WIRES, type BankAccount } from '@brokerdesk/contract';
import { Stack, Text } from '@mantine/core';
import { ExportButton } from '../../shared/export-button.tsx';
import { useCallback, useMemo } from 'react';
import { BulkBar, useBulkActions } from '../../shared/bulk/use-bulk-actions.tsx';
import { clientLabel } from './shared/request-summary.tsx';
import { bankKeys } from './shared/funding-keys.ts';
import {
  DataTable,
  queryTableProps,
  useUrlListState,
  type ListDefaults,
  toPagedRequest,
} from '../../shared/data-table/index.ts';
import { NotFoundPage } from '../../shared/not-found-page.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useRouteStatus } from '../../shared/use-route-status.ts';
import { BANK_FILTER_TYPES, BANK_SORT_FIELDS, bankColumns } from './banks/bank-columns.tsx';
import { BankDetailsModal } from './banks/bank-details-modal.tsx';
import { BANK_STATUS_TABS } from './banks/bank-labels.ts';
import { useBankAccountsPage, useLinkedBankAccount } from './banks/bank-queries.ts';
import { StatusTabs } from './shared/status-tabs.tsx';
import { actionsColumn } from './shared/column-builders.tsx';
import { useBankDecision } from './banks/bank-decision.tsx';
import { PageHeader } from '../../shared/page-header.tsx';

/** The statuses this list has (docs/product.md [routes]); any other :status is Not found. */
export const BANK_ACCOUNT_STATUSES = REQUEST_KIND_WIRES.bankAccount.tabs;
type Status = (typeof BANK_ACCOUNT_STATUSES)[number];

/**
 * docs/product.md [const.page-sizes] gives bank accounts no page sizes; they take the console's usual 50 or
 * 100, newest first.
 */
const LIST: ListDefaults = {
  sizes: [50, 100],
  sizePerPage: 50,
  sortField: 'timestamp',
  sortOrder: 'desc',
  sortFields: BANK_SORT_FIELDS,
  filterFields: Object.keys(BANK_FILTER_TYPES),
};

const bankId = (b: BankAccount) => b._id;
const isPending = (b: BankAccount) => b.status === 'pending';

/**
 * /bank-verification-requests/:status (docs/product.md [screen.bank-accounts]); rejected is shown as
 * DECLINED.
 */
export function BankVerificationPage() {
  const status = useRouteStatus(BANK_ACCOUNT_STATUSES);
  const { status: asked } = useParams();
  // The tab reads DECLINED, so people type that: it is the rejected tab.
  if (asked === 'declined') return <Navigate to="/bank-verification-requests/rejected" replace />;
  if (!status) return <NotFoundPage />;
  return <BankAccountsScreen key={status} status={status} />;
}

function BankAccountsScreen({ status }: { status: Status }) {
  usePageTitle('Bank Accounts');
  const list = useUrlListState(LIST);
  const query = useBankAccountsPage(status, list.state, BANK_FILTER_TYPES);
  // The open account is in the URL (?open=<id>): a link opens it, Back closes it.
  const { openId, open, close } = useLinkedBankAccount(query.data);
  const users = query.data?.users;
  const describe = useCallback(
    (b: BankAccount) => `${clientLabel(users?.[b.userId], b.userId)}, ${b.bankName}`,
    [users],
  );
  // Approve and Decline on each pending row: no need to open the account for each of a long queue.
  const decision = useBankDecision(describe);
  const { approve, decline, decidingId } = decision;
  const columns = useMemo(
    () =>
      status === 'pending'
        ? [
            ...bankColumns(users),
            actionsColumn<BankAccount>({
              onApprove: approve,
              onReject: decline,
              approvingId: decidingId,
              rejectLabel: 'Decline',
            }),
          ]
        : bankColumns(users),
    [status, users, approve, decline, decidingId],
  );
  // Bulk Approve / Decline on the pending tab.
  const bulk = useBulkActions<BankAccount>({
    kind: 'bankAccount',
    enabled: status === 'pending',
    rows: query.data?.bankAccounts,
    rowKey: bankId,
    canDecide: isPending,
    describe,
    invalidate: [bankKeys.lists()],
  });
  const { withSelection } = bulk;
  const shown = useMemo(() => withSelection(columns), [withSelection, columns]);
  const table = queryTableProps(query, (d) => ({
    rows: d.bankAccounts,
    total: d.totalSize,
    totalCapped: d.totalCapped,
  }));

  return (
    <Stack gap="md">
      <PageHeader title="Bank Accounts">
        <ExportButton
          list="bank-accounts"
          params={{ status }}
          request={toPagedRequest(list.state, BANK_FILTER_TYPES)}
        />
      </PageHeader>
      <StatusTabs tabs={BANK_STATUS_TABS} value={status} basePath="/bank-verification-requests" />
      <BulkBar bulk={bulk} />
      <DataTable
        label="Bank accounts"
        listId={`bank-details.${status}`}
        columns={shown}
        list={list}
        {...table}
        onRowClick={(b) => open(b._id)}
        minWidth={800}
        emptyText="No bank accounts."
      />
      <Text size="xs" c="dimmed">
        Click a row to review the bank details
        {status === 'pending' ? ', or approve or decline it on its row' : ''}.
      </Text>
      {openId && <BankDetailsModal bankId={openId} onClose={close} />}
      {decision.reasonModal}
    </Stack>
  );
}
