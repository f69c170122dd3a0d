import type { BankAccount, LookupClient } from '@brokerdesk/contract';
import { filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';
import { fullName } from '../../../shared/formatters.ts';
import { TimeCell } from '../shared/cells.tsx';
import { CURRENCY_OPTIONS } from '../shared/column-builders.tsx';

type Clients = Readonly<Record<string, LookupClient>> | undefined;

const nameOf = (clients: Clients, b: BankAccount) => {
  const c = clients?.[b.userId];
  return c ? fullName(c.name, c.surname) : '';
};

/** docs/product.md [screen.bank-accounts]: full name, email, bank name, account currency, added. */
export function bankColumns(clients: Clients): DataTableColumn<BankAccount>[] {
  return [
    {
      id: 'name',
      header: 'Full name',
      cell: (b) => nameOf(clients, b) || b.userId,
      sortable: true,
      filter: { kind: 'text' },
    },
    {
      id: 'email',
      header: 'Email',
      cell: (b) => clients?.[b.userId]?.email ?? '',
      sortable: true,
      filter: { kind: 'text' },
    },
    {
      id: 'bankName',
      header: 'Bank name',
      cell: (b) => b.bankName,
      sortable: true,
      filter: { kind: 'text' },
    },
    {
      id: 'bankAccountCurrency',
      header: 'Account currency',
      cell: (b) => b.bankAccountCurrency,
      sortable: true,
      filter: { kind: 'select', options: CURRENCY_OPTIONS },
    },
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
