import { ACCOUNT_TYPES, type LeverageChange, type LookupClient } from '@brokerdesk/contract';
import { filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';
import { formatLeverage } from '../../../shared/formatters.ts';
import { optionsOf, sortedColumn, timeColumn } from '../../../shared/column-kinds.tsx';
import { ClientCell, MtStatusText } from '../../funding/shared/cells.tsx';
import { actionsColumn, type RowActions } from '../../funding/shared/column-builders.tsx';
import type { LeverageStatus } from './leverage-api.ts';

type Clients = Readonly<Record<string, LookupClient>> | undefined;
type Context = { status: LeverageStatus; clients: Clients; actions?: RowActions<LeverageChange> };

const TYPE_OPTIONS = optionsOf(ACCOUNT_TYPES);

/**
 * docs/product.md [screen.leverage-requests]: account, type, old leverage, new leverage ('1:N'), requested.
 * The client's name is added so nobody approves an account blind; approved changes show what the platform
 * answered.
 */
export function leverageColumns({ status, clients, actions }: Context): DataTableColumn<LeverageChange>[] {
  return [
    sortedColumn('accountNumber', 'Account', (l) => l.accountNumber, { kind: 'number' }),
    sortedColumn('client', 'Name', (l) => <ClientCell userId={l.userId} client={clients?.[l.userId]} />, {
      kind: 'text',
      placeholder: 'Name or email',
    }),
    sortedColumn('accountType', 'Type', (l) => l.accountType, { kind: 'select', options: TYPE_OPTIONS }),
    { id: 'oldLeverage', header: 'Old leverage', cell: (l) => formatLeverage(l.oldLeverage), align: 'right' },
    { id: 'newLeverage', header: 'New leverage', cell: (l) => formatLeverage(l.newLeverage), align: 'right' },
    timeColumn('timestamp', 'Requested', (l) => l.timestamp),
    ...(status === 'approved'
      ? [
          {
            id: 'MTStatus',
            header: 'MT status',
            cell: (l: LeverageChange) => <MtStatusText value={l.MTStatus} />,
          },
        ]
      : []),
    ...(status === 'pending' && actions ? [actionsColumn(actions)] : []),
  ];
}

const ALL_COLUMNS = leverageColumns({ status: 'approved', clients: undefined });
/** How the server reads each filter, and the fields it sorts by (a URL with others is ignored). */
export const LEVERAGE_FILTER_TYPES = filterTypesOf(ALL_COLUMNS);
export const LEVERAGE_SORT_FIELDS = ALL_COLUMNS.filter((c) => c.sortable).map((c) => c.id);
