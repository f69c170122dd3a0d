import { ACCOUNT_TYPES, CURRENCIES, type LookupClient, type SubAccountRequest } from '@brokerdesk/contract';
import { CellBadge, filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';

const INLINE_ROW = { display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' } as const;
import { fullName } from '../../../shared/formatters.ts';
import { TimeCell } from '../../funding/shared/cells.tsx';

type Clients = Readonly<Record<string, LookupClient>> | undefined;

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const nameOf = (clients: Clients, s: SubAccountRequest) => {
  const c = clients?.[s.userId];
  return c ? fullName(c.name, c.surname) : '';
};

/**
 * docs/product.md [screen.sub-account-requests]: full name, email, account type, platform, base currency,
 * requested.
 */
export function subAccountColumns(clients: Clients): DataTableColumn<SubAccountRequest>[] {
  return [
    {
      id: 'name',
      header: 'Full name',
      cell: (s) => nameOf(clients, s) || s.userId,
      sortable: true,
      filter: { kind: 'text', placeholder: 'Name or email' },
    },
    {
      id: 'email',
      header: 'Email',
      cell: (s) => clients?.[s.userId]?.email ?? '',
      sortable: true,
      filter: { kind: 'text' },
    },
    {
      id: 'type',
      header: 'Account type',
      // Live or demo matters as much as the type: a live account holds real money.
      cell: (s) => (
        <span style={INLINE_ROW}>
          {s.type}
          <CellBadge size="xs" color={s.live ? 'blue' : 'gray'} uppercase>
            {s.live ? 'Live' : 'Demo'}
          </CellBadge>
        </span>
      ),
      sortable: true,
      filter: { kind: 'select', options: options(ACCOUNT_TYPES) },
    },
    { id: 'platform', header: 'Platform', cell: (s) => s.platform, sortable: true },
    {
      id: 'baseCurrency',
      header: 'Base currency',
      cell: (s) => s.baseCurrency,
      sortable: true,
      filter: { kind: 'select', options: options(CURRENCIES) },
    },
    {
      id: 'timeCreated',
      header: 'Requested',
      cell: (s) => <TimeCell seconds={s.timeCreated} />,
      sortable: true,
      sortDescFirst: true,
    },
  ];
}

const ALL_COLUMNS = subAccountColumns(undefined);
/** How the server reads each filter, and the fields it sorts by. */
export const SUB_ACCOUNT_FILTER_TYPES = filterTypesOf(ALL_COLUMNS);
export const SUB_ACCOUNT_SORT_FIELDS = ALL_COLUMNS.filter((c) => c.sortable).map((c) => c.id);

/** docs/product.md [screen.sub-account-requests]: rows created by an admin are highlighted green. */
export const ADMIN_REQUESTED_ROW = { background: 'var(--mantine-color-green-1)' };
