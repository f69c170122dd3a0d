import { withdrawalCurrencyText, type Deposit, type Transfer, type Withdrawal } from '@brokerdesk/contract';
import type { CSSProperties } from 'react';
import type { DataTableColumn } from '../../../shared/data-table/index.ts';

import { rowBackground } from '../../../shared/status-colors.ts';
import { TIME_WIDTH } from '../../../shared/time-zone/index.ts';
import { sortedColumn, timeColumn } from '../../../shared/column-kinds.tsx';
import { amountColumn } from '../../funding/shared/column-builders.tsx';
import { StatusBadge } from '../../../shared/status-badge.tsx';

type Row = { timestamp: number; status: string };

// Held at its text's width: a squeezed table cut the time to '2026/1…'.
const time = <T extends Row>(): DataTableColumn<T> => ({
  ...timeColumn<T>('timestamp', 'Time', (r) => r.timestamp),
  width: TIME_WIDTH,
});

const status = <T extends Row>(): DataTableColumn<T> => ({
  id: 'status',
  header: 'Status',
  cell: (r) => <StatusBadge status={r.status} />,
});

export const DEPOSIT_COLUMNS: DataTableColumn<Deposit>[] = [
  time(),
  { id: 'paymentGatewayService', header: 'Gateway', cell: (d) => d.paymentGatewayService, sortable: true },
  { id: 'depositPaymentName', header: 'Payment method', cell: (d) => d.depositPaymentName, sortable: true },
  { id: 'transactionId', header: 'Transaction ID', cell: (d) => d.transactionId, sortable: true },
  { id: 'accountNumber', header: 'Account', cell: (d) => d.accountNumber, sortable: true },
  amountColumn('depositAmountSent', (d) => d.depositAmountSent),
  { id: 'depositCurrency', header: 'Currency', cell: (d) => d.depositCurrency, sortable: true },
  status(),
];

export const WITHDRAWAL_COLUMNS: DataTableColumn<Withdrawal>[] = [
  time(),
  { id: 'gateway', header: 'Gateway', cell: (w) => w.gateway, sortable: true },
  sortedColumn('withdrawalPaymentName', 'Payment method', (w) => w.withdrawalPaymentName),
  { id: 'requestId', header: 'Transaction ID', cell: (w) => w.requestId, sortable: true },
  { id: 'accountNumber', header: 'Account', cell: (w) => w.accountNumber, sortable: true },
  amountColumn('withdrawalAmount', (w) => w.withdrawalAmount),
  {
    id: 'withdrawalCurrency',
    header: 'Currency',
    // docs/product.md [screen.withdrawals]: for crypto the crypto currency is added in brackets.
    cell: withdrawalCurrencyText,
    sortable: true,
  },
  status(),
];

export const TRANSFER_COLUMNS: DataTableColumn<Transfer>[] = [
  time(),
  sortedColumn('sourceAccount', 'From account', (t) => `${t.sourceAccount} (${t.sourceAccountPlatform})`),
  sortedColumn(
    'destinationAccount',
    'To account',
    (t) => `${t.destinationAccount} (${t.destinationAccountPlatform})`,
  ),
  amountColumn('transferAmount', (t) => t.transferAmount),
  { id: 'transferCurrency', header: 'Currency', cell: (t) => t.transferCurrency, sortable: true },
  status(),
];

/** Funding row colours of docs/product.md [state.row-colours], the same as on the funding screens. */
export function fundingRowStyle(row: Deposit | Withdrawal | Transfer): CSSProperties | undefined {
  const mtStatuses = 'sourceMTStatus' in row ? [row.sourceMTStatus, row.destinationMTStatus] : [row.MTStatus];
  const providerPending = 'providerHandled' in row && row.providerHandled && row.status === 'pending';
  const background = rowBackground({ status: row.status, mtStatuses, providerPending });
  return background ? { background } : undefined;
}
