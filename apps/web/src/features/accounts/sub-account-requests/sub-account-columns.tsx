import { ACCOUNT_TYPES, CURRENCIES, type LookupClient, type SubAccountRequest } from '@brokerdesk/contract';
import { CellBadge, filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';

import { optionsOf, sortedColumn, timeColumn } from '../../../shared/column-kinds.tsx';
import { fullName } from '../../../shared/formatters.ts';

const INLINE_ROW = { display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' } as const;

type Clients = Readonly<Record<string, LookupClient>> | undefined;

const nameOf = (clients: Clients, s: SubAccountRequest) => {
  const c = clients?.[s.userId];
  return c ? fullName(c.name, c.surname) : '';
};

const TYPE_FILTER = { kind: 'select', options: optionsOf(ACCOUNT_TYPES) } as const;
const CURRENCY_FILTER = { kind: 'select', options: optionsOf(CURRENCIES) } as const;

function TypeCell({ request: s }: { request: SubAccountRequest }) {
  return (
    <span style={INLINE_ROW}>
      {s.type}
      <CellBadge size="xs" color={s.live ? 'blue' : 'gray'} uppercase>
        {s.live ? 'Live' : 'Demo'}
      </CellBadge>
    </span>
  );
}

/**
 * docs/product.md [screen.sub-account-requests]: full name, email, account type, platform, base currency,
 * requested.
 */
export function subAccountColumns(clients: Clients): DataTableColumn<SubAccountRequest>[] {
  return [
    sortedColumn('name', 'Full name', (s) => nameOf(clients, s) || s.userId, {
      kind: 'text',
      placeholder: 'Name or email',
    }),
    sortedColumn('email', 'Email', (s) => clients?.[s.userId]?.email ?? '', { kind: 'text' }),
    // Live or demo matters as much as the type: a live account holds real money.
    sortedColumn('type', 'Account type', (s) => <TypeCell request={s} />, TYPE_FILTER),
    sortedColumn('platform', 'Platform', (s) => s.platform),
    sortedColumn('baseCurrency', 'Base currency', (s) => s.baseCurrency, CURRENCY_FILTER),
    timeColumn('timeCreated', 'Requested', (s) => s.timeCreated),
  ];
}

const ALL_COLUMNS = subAccountColumns(undefined);
/** How the server reads each filter, and the fields it sorts by. */
export const SUB_ACCOUNT_FILTER_TYPES = filterTypesOf(ALL_COLUMNS);
export const SUB_ACCOUNT_SORT_FIELDS = ALL_COLUMNS.filter((c) => c.sortable).map((c) => c.id);

/** docs/product.md [screen.sub-account-requests]: rows created by an admin are highlighted green. */
export const ADMIN_REQUESTED_ROW = { background: 'var(--mantine-color-green-1)' };
