import { withdrawalCurrencyText, type Withdrawal } from '@brokerdesk/contract';
import { Button, Group, Text } from '@mantine/core';
import { filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';
import { stopRowEvent } from '../shared/cells.tsx';
import {
  decisionColumns,
  requestColumns,
  sortFieldsOf,
  type ColumnsContext,
  type RequestFields,
} from '../shared/column-builders.tsx';
import { withdrawalTabColumns } from '../shared/funding-tabs.ts';

type Context = ColumnsContext<Withdrawal> & {
  /** Opens the read-only Bank Details of a bank-wire withdrawal. */
  onViewBank?: (bankId: string) => void;
};

const FIELDS: RequestFields<Withdrawal> = {
  gateway: { id: 'gateway', read: (w) => w.gateway },
  time: { header: 'Time of request', read: (w) => w.timestamp },
  payment: { id: 'withdrawalPaymentName', read: (w) => w.withdrawalPaymentName },
  reference: { id: 'requestId', read: (w) => w.requestId },
  account: { id: 'accountNumber', header: 'Trading account', read: (w) => w.accountNumber },
  amount: { id: 'withdrawalAmount', read: (w) => w.withdrawalAmount },
  currency: { id: 'withdrawalCurrency', read: withdrawalCurrencyText },
};

const TYPE_LABELS: Record<Withdrawal['withdrawalType'], string> = {
  wire: 'Bank wire',
  crypto: 'Crypto',
  others: 'Other',
};
export const WITHDRAWAL_TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/**
 * docs/product.md [screen.withdrawals]: for crypto the crypto currency is added in brackets (one rule with
 * the CSV export).
 */
export { withdrawalCurrencyText };

/** Where the money goes: the bank (with 'View') or the coin. Provider orders have their own table. */
function TransactionDetails({ w, onViewBank }: { w: Withdrawal; onViewBank?: (bankId: string) => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{TYPE_LABELS[w.withdrawalType]}</Text>
      {w.withdrawalType === 'wire' && w.bankId && onViewBank && (
        // A button, not a link: it must stay readable on the bright red row of a failed withdrawal.
        <Button
          size="compact-xs"
          variant="default"
          onClick={(event) => {
            stopRowEvent(event);
            onViewBank(w.bankId);
          }}
          onDoubleClick={stopRowEvent}
        >
          View
        </Button>
      )}
      {w.withdrawalType === 'crypto' && w.cryptoCurrency && <Text size="sm">{w.cryptoCurrency}</Text>}
    </Group>
  );
}

/**
 * docs/product.md [screen.withdrawals]: gateway, time, payment method, names, transaction id, account,
 * amount, currency.
 */
export function withdrawalColumns(ctx: Context): DataTableColumn<Withdrawal>[] {
  const extra = withdrawalTabColumns(ctx.tab);
  return [
    ...requestColumns(FIELDS, ctx),
    ...(extra.details
      ? [
          {
            id: 'withdrawalType',
            header: 'Transaction details',
            cell: (w) => <TransactionDetails w={w} onViewBank={ctx.onViewBank} />,
            filter: { kind: 'select', options: WITHDRAWAL_TYPE_OPTIONS },
            fitWidth: 150,
          } satisfies DataTableColumn<Withdrawal>,
        ]
      : []),
    ...decisionColumns(extra, ctx, {
      decidedAt: (w) => w.timeApproved ?? w.timeRejected,
      mtStatus: (w) => w.MTStatus,
    }),
  ];
}

const ALL_COLUMNS = withdrawalColumns({ tab: 'historical' });
export const WITHDRAWAL_FILTER_TYPES = filterTypesOf(ALL_COLUMNS);
export const WITHDRAWAL_SORT_FIELDS = sortFieldsOf(ALL_COLUMNS);
