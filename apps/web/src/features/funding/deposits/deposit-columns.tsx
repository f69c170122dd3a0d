import type { Deposit, FundingTab } from '@brokerdesk/contract';
import { filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';
import {
  accountColumn,
  actionsColumn,
  amountColumn,
  approvalColumns,
  clientColumn,
  currencyColumn,
  referenceColumn,
  sortFieldsOf,
  statusColumn,
  textColumn,
  timeColumn,
  type Clients,
  type RowActions,
} from '../shared/column-builders.tsx';
import { depositTabColumns } from '../shared/funding-tabs.ts';

type Context = {
  tab: FundingTab;
  clients?: Clients;
  admins?: Readonly<Record<string, string>>;
  actions?: RowActions<Deposit>;
};

/**
 * docs/product.md [screen.deposits]: gateway, time, payment method, names, transaction id, account number,
 * amount, currency.
 */
export function depositColumns({ tab, clients, admins, actions }: Context): DataTableColumn<Deposit>[] {
  const extra = depositTabColumns(tab);
  return [
    textColumn<Deposit>('paymentGatewayService', 'Gateway', (d) => d.paymentGatewayService),
    timeColumn<Deposit>('timestamp', 'Time', (d) => d.timestamp),
    textColumn<Deposit>('depositPaymentName', 'Payment method', (d) => d.depositPaymentName),
    clientColumn<Deposit>(clients),
    referenceColumn<Deposit>('transactionId', 'Transaction ID', (d) => d.transactionId),
    accountColumn<Deposit>('accountNumber', 'Account number', (d) => d.accountNumber),
    amountColumn<Deposit>('depositAmountSent', (d) => d.depositAmountSent),
    currencyColumn<Deposit>('depositCurrency', (d) => d.depositCurrency),
    ...(extra.approval ? approvalColumns<Deposit>(admins, (d) => d.timeApproved ?? d.timeRejected) : []),
    ...(extra.status ? [statusColumn<Deposit>((d) => d.MTStatus)] : []),
    ...(extra.actions && actions ? [actionsColumn(actions)] : []),
  ];
}

/** Filters and sorts are the same on every tab; read them from the widest column set. */
const ALL_COLUMNS = depositColumns({ tab: 'historical' });
export const DEPOSIT_FILTER_TYPES = filterTypesOf(ALL_COLUMNS);
export const DEPOSIT_SORT_FIELDS = sortFieldsOf(ALL_COLUMNS);
