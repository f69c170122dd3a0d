import type { BankAccount, LookupClient } from '@brokerdesk/contract';
import { filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';
import { fullName } from '../../../shared/formatters.ts';
import { TimeCell } from '../shared/cells.tsx';
import { CURRENCY_OPTIONS } from '../shared/column-builders.tsx';
import { sortedColumn } from '../../../shared/column-kinds.tsx';

type Clients = Readonly<Record<string, LookupClient>> | undefined;

const nameOf = (clients: Clients, b: BankAccount) => {
  const c = clients?.[b.userId];
  return c ? fullName(c.name, c.surname) : '';
};

/** docs/product.md [screen.bank-accounts]: full name, email, bank name, account currency, added. */
export function bankColumns(clients: Clients): DataTableColumn<BankAccount>[] {
  return [
    sortedColumn('name', 'Full name', (b) => nameOf(clients, b) || b.userId, { kind: 'text' }),
    sortedColumn('email', 'Email', (b) => clients?.[b.userId]?.email ?? '', { kind: 'text' }),
    sortedColumn('bankName', 'Bank name', (b) => b.bankName, { kind: 'text' }),
    sortedColumn('bankAccountCurrency', 'Account currency', (b) => b.bankAccountCurrency, {
      kind: 'select',
      options: CURRENCY_OPTIONS,
    }),
    {
      id: 'timestamp',
      header: 'Added',
      cell: (b) => <TimeCell seconds={b.timestamp} />,
      sortable: true,
      sortDescFirst: true,
    },
  ];
}

const ALL_COLUMNS = bankColumns(undefined);
/** How the server reads each filter, and the fields it sorts by (a URL with others is ignored). */
export const BANK_FILTER_TYPES = filterTypesOf(ALL_COLUMNS);
export const BANK_SORT_FIELDS = ALL_COLUMNS.filter((c) => c.sortable).map((c) => c.id);
