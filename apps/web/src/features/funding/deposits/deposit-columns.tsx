import type { Deposit } from '@brokerdesk/contract';
import { filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';
import {
  decisionColumns,
  requestColumns,
  sortFieldsOf,
  type ColumnsContext,
  type RequestFields,
} from '../shared/column-builders.tsx';
import { depositTabColumns } from '../shared/funding-tabs.ts';

const FIELDS: RequestFields<Deposit> = {
  gateway: { id: 'paymentGatewayService', read: (d) => d.paymentGatewayService },
  time: { header: 'Time', read: (d) => d.timestamp },
  payment: { id: 'depositPaymentName', read: (d) => d.depositPaymentName },
  reference: { id: 'transactionId', read: (d) => d.transactionId },
  account: { id: 'accountNumber', header: 'Account number', read: (d) => d.accountNumber },
  amount: { id: 'depositAmountSent', read: (d) => d.depositAmountSent },
  currency: { id: 'depositCurrency', read: (d) => d.depositCurrency },
};

/** docs/product.md [screen.deposits]: the request's columns, then what the tab adds. */
export function depositColumns(ctx: ColumnsContext<Deposit>): DataTableColumn<Deposit>[] {
  return [
    ...requestColumns(FIELDS, ctx),
    ...decisionColumns(depositTabColumns(ctx.tab), ctx, {
      decidedAt: (d) => d.timeApproved ?? d.timeRejected,
      mtStatus: (d) => d.MTStatus,
    }),
  ];
}

/** Filters and sorts are the same on every tab; read them from the widest column set. */
const ALL_COLUMNS = depositColumns({ tab: 'historical' });
export const DEPOSIT_FILTER_TYPES = filterTypesOf(ALL_COLUMNS);
export const DEPOSIT_SORT_FIELDS = sortFieldsOf(ALL_COLUMNS);
