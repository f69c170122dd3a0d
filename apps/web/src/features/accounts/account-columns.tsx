import {
  CURRENCIES,
  LEVERAGES,
  PLATFORMS,
  formatLeverage,
  type LookupClient,
  type TradingAccount,
} from '@brokerdesk/contract';
import { Text } from '@mantine/core';
import {
  RowLink,
  type ColumnFilter,
  type DataTableColumn,
  type FilterOption,
} from '../../shared/data-table/index.ts';
import { optionsOf, sortedColumn, timeColumn } from '../../shared/column-kinds.tsx';
import { formatAmount, fullName } from '../../shared/formatters.ts';
import { adminLabel } from './admin-label.ts';

/** A row of the paged lists: the account with its client from the reply's `users` map. */
export type AccountRow = TradingAccount & { client: LookupClient | undefined };

export function withClients(
  accounts: readonly TradingAccount[],
  users: Readonly<Record<string, LookupClient>>,
): AccountRow[] {
  return accounts.map((account) => ({ ...account, client: users[account.userId] }));
}

/** A server page of accounts as a table takes it: each account with its client, and the totals. */
export function accountRows(reply: {
  data: {
    accounts: readonly TradingAccount[];
    users: Readonly<Record<string, LookupClient>>;
    totalSize: number;
    totalCapped?: boolean;
  };
}) {
  const { accounts, users, totalSize, totalCapped } = reply.data;
  return { rows: withClients(accounts, users), total: totalSize, totalCapped };
}

const CURRENCY_OPTIONS = optionsOf(CURRENCIES);
const PLATFORM_OPTIONS = optionsOf(PLATFORMS);
// The leverage filter sends the number ('200'); the server compares it with the stored leverage.
const LEVERAGE_FILTER_OPTIONS = optionsOf(LEVERAGES, formatLeverage);
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/**
 * The account columns shared by Wallet Accounts, Trading Accounts and the profile card. Ids are the
 * server's sort and filter fields (apps/server/src/features/accounts/list.ts); `filters: false` for a
 * list paged in the browser, which has no filter row.
 */
export function accountColumns<T extends TradingAccount>(types: readonly string[], filters = true) {
  const f = (filter: ColumnFilter) => (filters ? filter : undefined);
  const select = (options: readonly FilterOption[]) => f({ kind: 'select', options });
  const amount = (id: 'balance' | 'equity', header: string): DataTableColumn<T> => ({
    id,
    header,
    cell: (a) => formatAmount(a[id]),
    sortable: true,
    sortDescFirst: true,
    align: 'right',
  });
  const leverage = sortedColumn<T>('leverage', 'Leverage', (a) => formatLeverage(a.leverage));
  return {
    number: sortedColumn<T>(
      'number',
      'Account',
      (a) => a.number,
      f({ kind: 'number', placeholder: 'Number' }),
    ),
    platform: sortedColumn<T>('platform', 'Platform', (a) => a.platform, select(PLATFORM_OPTIONS)),
    accountGroup: sortedColumn<T>('accountGroup', 'Group', (a) => a.accountGroup, f({ kind: 'text' })),
    type: sortedColumn<T>('type', 'Type', (a) => nowrap(a.type), select(optionsOf(types))),
    baseCurrency: sortedColumn<T>(
      'baseCurrency',
      'Currency',
      (a) => a.baseCurrency,
      select(CURRENCY_OPTIONS),
    ),
    leverage: { ...leverage, align: 'right', filter: select(LEVERAGE_FILTER_OPTIONS) },
    balance: amount('balance', 'Balance'),
    equity: amount('equity', 'Equity'),
    timeCreated: timeColumn<T>('timeCreated', 'Created', (a) => a.timeCreated),
    timeApproved: timeColumn<T>('timeApproved', 'Approved', (a) => a.timeApproved),
  } satisfies Record<string, DataTableColumn<T>>;
}

/** Type, currency, leverage, balance and equity: every account list shows them together, in this order. */
export function accountFigures<T extends TradingAccount>(c: ReturnType<typeof accountColumns<T>>) {
  return [c.type, c.baseCurrency, c.leverage, c.balance, c.equity];
}

/** The client's name, linking to the profile; the link does not open the row's modal. */
export const clientColumn: DataTableColumn<AccountRow> = {
  id: 'client',
  header: 'Client',
  cell: (a) => (
    <RowLink to={`/user/profile/${a.userId}`}>
      {fullName(a.client?.name, a.client?.surname) || a.userId}
    </RowLink>
  ),
  // One server filter matches name, surname or email (the `client` field).
  filter: { kind: 'text', placeholder: 'Name or email' },
  width: 190,
};

export const emailColumn: DataTableColumn<AccountRow> = {
  id: 'email',
  header: 'Email',
  cell: (a) => a.client?.email ?? '',
};

export function adminColumn(
  admins: Readonly<Record<string, string>> | undefined,
): DataTableColumn<AccountRow> {
  return {
    id: 'adminId',
    header: 'Admin',
    cell: (a) => {
      const label = adminLabel(a.adminId, admins);
      return (
        <Text size="sm" c={label === a.adminId ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
      );
    },
  };
}
