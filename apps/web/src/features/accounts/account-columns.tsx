import {
  CURRENCIES,
  LEVERAGES,
  PLATFORMS,
  formatLeverage,
  type LookupClient,
  type TradingAccount,
} from '@brokerdesk/contract';
import { Text } from '@mantine/core';
import { RowLink, type DataTableColumn, type FilterOption } from '../../shared/data-table/index.ts';
import { formatAmount, fullName } from '../../shared/formatters.ts';
import { adminLabel } from './admin-label.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';

/** A row of the paged lists: the account with its client from the reply's `users` map. */
export type AccountRow = TradingAccount & { client: LookupClient | undefined };

export function withClients(
  accounts: readonly TradingAccount[],
  users: Readonly<Record<string, LookupClient>>,
): AccountRow[] {
  return accounts.map((account) => ({ ...account, client: users[account.userId] }));
}

const options = (values: readonly (string | number)[], label = (v: string) => v): FilterOption[] =>
  values.map((v) => ({ value: String(v), label: label(String(v)) }));

const CURRENCY_OPTIONS = options(CURRENCIES);
const PLATFORM_OPTIONS = options(PLATFORMS);
// The leverage filter sends the number ('200'); the server compares it with the stored leverage.
const LEVERAGE_FILTER_OPTIONS = options(LEVERAGES, formatLeverage);
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/**
 * The account columns shared by Wallet Accounts, Trading Accounts and the profile card. Ids are the
 * server's sort and filter fields (apps/server/src/features/accounts/list.ts); `filters: false` for a
 * list paged in the browser, which has no filter row.
 */
export function accountColumns<T extends TradingAccount>(types: readonly string[], filters = true) {
  const f = <F,>(filter: F) => (filters ? filter : undefined);
  const columns = {
    number: {
      id: 'number',
      header: 'Account',
      cell: (a) => a.number,
      sortable: true,
      filter: f({ kind: 'number' as const, placeholder: 'Number' }),
    },
    platform: {
      id: 'platform',
      header: 'Platform',
      cell: (a) => a.platform,
      sortable: true,
      filter: f({ kind: 'select' as const, options: PLATFORM_OPTIONS }),
    },
    accountGroup: {
      id: 'accountGroup',
      header: 'Group',
      cell: (a) => a.accountGroup,
      sortable: true,
      filter: f({ kind: 'text' as const }),
    },
    type: {
      id: 'type',
      header: 'Type',
      cell: (a) => nowrap(a.type),
      sortable: true,
      filter: f({ kind: 'select' as const, options: options(types) }),
    },
    baseCurrency: {
      id: 'baseCurrency',
      header: 'Currency',
      cell: (a) => a.baseCurrency,
      sortable: true,
      filter: f({ kind: 'select' as const, options: CURRENCY_OPTIONS }),
    },
    leverage: {
      id: 'leverage',
      header: 'Leverage',
      cell: (a) => formatLeverage(a.leverage),
      sortable: true,
      align: 'right',
      filter: f({ kind: 'select' as const, options: LEVERAGE_FILTER_OPTIONS }),
    },
    balance: {
      id: 'balance',
      header: 'Balance',
      cell: (a) => formatAmount(a.balance),
      sortable: true,
      sortDescFirst: true,
      align: 'right',
    },
    equity: {
      id: 'equity',
      header: 'Equity',
      cell: (a) => formatAmount(a.equity),
      sortable: true,
      sortDescFirst: true,
      align: 'right',
    },
    timeCreated: {
      id: 'timeCreated',
      header: 'Created',
      cell: (a) => <EpochTime seconds={a.timeCreated} />,
      sortable: true,
      sortDescFirst: true,
    },
    timeApproved: {
      id: 'timeApproved',
      header: 'Approved',
      cell: (a) => <EpochTime seconds={a.timeApproved} />,
      sortable: true,
      sortDescFirst: true,
    },
  } satisfies Record<string, DataTableColumn<T>>;
  return columns as Record<keyof typeof columns, DataTableColumn<T>>;
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
