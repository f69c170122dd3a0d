import {
  WITHDRAWAL_ORDER_SORT_FIELDS,
  type Withdrawal,
  type WithdrawalOrdersQuery,
} from '@brokerdesk/contract';
import {
  filterTypesOf,
  toPagedRequest,
  type DataTableColumn,
  type ListState,
} from '../../../shared/data-table/index.ts';
import { MtStatusText, StatusBadge } from '../shared/cells.tsx';
import {
  accountColumn,
  amountColumn,
  clientColumn,
  CURRENCY_OPTIONS,
  timeColumn,
  type Clients,
} from '../shared/column-builders.tsx';
import { withdrawalCurrencyText } from './withdrawal-columns.tsx';
import { sortedColumn } from '../../../shared/column-kinds.tsx';

/** The provider's order statuses (integrations/payments on the server). */
const ORDER_STATUS_OPTIONS = ['CREATED', 'PROCESSED', 'CANCELLED', 'DECLINED'].map((value) => ({
  value,
  label: value,
}));

/**
 * The 'Orders' table of docs/product.md [screen.withdrawals]: the card-provider withdrawals with the
 * provider's order id and its two statuses (the provider's order, the payout), those not yet processed by the
 * provider included.
 */
export function orderColumns(clients: Clients | undefined): DataTableColumn<Withdrawal>[] {
  return [
    sortedColumn('providerOrderId', 'Order ID', (w) => w.providerOrderId, { kind: 'text' }),
    timeColumn<Withdrawal>('timestamp', 'Time of request', (w) => w.timestamp),
    clientColumn<Withdrawal>(clients),
    accountColumn<Withdrawal>('accountNumber', 'Trading account', (w) => w.accountNumber),
    amountColumn<Withdrawal>('withdrawalAmount', (w) => w.withdrawalAmount),
    {
      id: 'withdrawalCurrency',
      header: 'Currency',
      cell: withdrawalCurrencyText,
      filter: { kind: 'select', options: CURRENCY_OPTIONS },
    },
    sortedColumn('providerStatus', 'Order status', (w) => w.providerStatus, {
      kind: 'select',
      options: ORDER_STATUS_OPTIONS,
    }),
    sortedColumn('providerPayoutStatus', 'Payout status', (w) => w.providerPayoutStatus),
    { id: 'status', header: 'Status', cell: (w) => <StatusBadge status={w.status} />, sortable: true },
    { id: 'MTStatus', header: 'MT status', cell: (w) => <MtStatusText value={w.MTStatus} /> },
  ];
}

const ALL = orderColumns(undefined);
export const ORDER_FILTER_TYPES = filterTypesOf(ALL);
export const ORDER_SORT_FIELDS: readonly string[] = WITHDRAWAL_ORDER_SORT_FIELDS;

/** The list view as the orders call's query string: paging, sort, and one key per filter. */
export function toOrdersQuery(state: ListState): WithdrawalOrdersQuery {
  const paged = toPagedRequest(state, ORDER_FILTER_TYPES);
  const filters = Object.fromEntries(Object.entries(paged.filters).map(([k, f]) => [k, f.filterVal]));
  const sortField = WITHDRAWAL_ORDER_SORT_FIELDS.find((f) => f === paged.sortField);
  return {
    page: paged.page,
    sizePerPage: paged.sizePerPage,
    sortOrder: paged.sortOrder,
    ...(sortField ? { sortField } : {}),
    ...filters,
  } as WithdrawalOrdersQuery;
}
