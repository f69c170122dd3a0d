import { PAGE_SIZES, type Withdrawal } from '@brokerdesk/contract';
import { Stack, Text, Title } from '@mantine/core';
import {
  DataTable,
  listDefaults,
  pageLocally,
  useUrlListState,
  type DataTableColumn,
  type LocalFields,
} from '../../../shared/data-table/index.ts';
import { MtStatusText, StatusBadge } from '../shared/cells.tsx';
import {
  accountColumn,
  amountColumn,
  clientColumn,
  timeColumn,
  type Clients,
} from '../shared/column-builders.tsx';
import { withdrawalCurrencyText } from './withdrawal-columns.tsx';

/*
 * The 'Orders' table of SPEC 2.15 (withdrawal orders of the card-style payment provider). The server
 * has no orders call yet (the spec's GET adminGetWithdrawalOrders is not implemented), so the table
 * shows the provider-handled withdrawals of the page loaded above, with the provider's order id and
 * its two statuses. It is sorted and paged here, under its own URL keys ('ord.').
 */

const FIELDS: LocalFields<Withdrawal> = {
  providerOrderId: (w) => w.providerOrderId,
  timestamp: (w) => w.timestamp,
  accountNumber: (w) => w.accountNumber,
  withdrawalAmount: (w) => w.withdrawalAmount,
  providerStatus: (w) => w.providerStatus,
  providerPayoutStatus: (w) => w.providerPayoutStatus,
};

const DEFAULTS = listDefaults(PAGE_SIZES.withdrawals, {
  prefix: 'ord',
  sortField: 'timestamp',
  sortOrder: 'desc',
  sortFields: Object.keys(FIELDS),
  filterFields: [],
});

function orderColumns(clients: Clients | undefined): DataTableColumn<Withdrawal>[] {
  const client = clientColumn<Withdrawal>(clients);
  return [
    { id: 'providerOrderId', header: 'Order ID', cell: (w) => w.providerOrderId, sortable: true },
    timeColumn<Withdrawal>('timestamp', 'Time of request', (w) => w.timestamp),
    { ...client, filter: undefined },
    {
      ...accountColumn<Withdrawal>('accountNumber', 'Trading account', (w) => w.accountNumber),
      filter: undefined,
    },
    amountColumn<Withdrawal>('withdrawalAmount', (w) => w.withdrawalAmount),
    { id: 'withdrawalCurrency', header: 'Currency', cell: withdrawalCurrencyText },
    { id: 'providerStatus', header: 'Order status', cell: (w) => w.providerStatus, sortable: true },
    {
      id: 'providerPayoutStatus',
      header: 'Payout status',
      cell: (w) => w.providerPayoutStatus,
      sortable: true,
    },
    { id: 'status', header: 'Status', cell: (w) => <StatusBadge status={w.status} /> },
    { id: 'MTStatus', header: 'MT status', cell: (w) => <MtStatusText value={w.MTStatus} /> },
  ];
}

type Props = {
  withdrawals: readonly Withdrawal[] | undefined;
  clients: Clients | undefined;
  loading: boolean;
};

export function OrdersTable({ withdrawals, clients, loading }: Props) {
  const list = useUrlListState(DEFAULTS);
  const orders = withdrawals?.filter((w) => w.providerHandled);
  const page = orders ? pageLocally(orders, list.state, FIELDS) : undefined;
  return (
    <Stack gap="xs" component="section" aria-label="Orders">
      <Title order={3}>Orders</Title>
      <Text size="xs" c="dimmed">
        Card-provider orders among the withdrawals listed above.
      </Text>
      <DataTable
        label="Orders"
        columns={orderColumns(clients)}
        list={list}
        rowKey={(w) => w._id}
        rows={page?.rows}
        total={page?.total}
        loading={loading}
        minWidth={1000}
        emptyText="No provider orders on this page."
      />
    </Stack>
  );
}
