import type { FundingTab, Transfer } from '@brokerdesk/contract';
import { filterTypesOf, type DataTableColumn } from '../../../shared/data-table/index.ts';
import { MtStatusText } from '../shared/cells.tsx';
import {
  accountColumn,
  actionsColumn,
  alertFlagColumn,
  amountColumn,
  clientColumn,
  currencyColumn,
  sortFieldsOf,
  statusColumn,
  timeColumn,
  type AlertFlags,
  type Clients,
  type RowActions,
} from '../shared/column-builders.tsx';
import { transferTabColumns } from '../shared/funding-tabs.ts';

type Context = { tab: FundingTab; clients?: Clients; actions?: RowActions<Transfer>; alerts?: AlertFlags };

/** A platform leg's status; its filter matches the text (SUCCESS, or an error such as 'Not enough'). */
function legColumn(id: string, header: string, read: (t: Transfer) => string): DataTableColumn<Transfer> {
  return {
    id,
    header,
    cell: (t) => <MtStatusText value={read(t)} />,
    sortable: true,
    filter: { kind: 'text', placeholder: 'e.g. SUCCESS' },
  };
}

/** An account number with its platform, '500123 (MT5)'; filtered by the number. */
function platformAccountColumn(
  id: string,
  header: string,
  account: (t: Transfer) => number,
  platform: (t: Transfer) => string,
): DataTableColumn<Transfer> {
  return { ...accountColumn<Transfer>(id, header, account), cell: (t) => `${account(t)} (${platform(t)})` };
}

/**
 * docs/product.md [screen.transfers]: source and destination account with platform, names, amount, currency,
 * withdrawn status (the source leg), deposited status (the destination leg), requested time.
 */
export function transferColumns({ tab, clients, actions, alerts }: Context): DataTableColumn<Transfer>[] {
  const extra = transferTabColumns(tab);
  return [
    platformAccountColumn(
      'sourceAccount',
      'From account',
      (t) => t.sourceAccount,
      (t) => t.sourceAccountPlatform,
    ),
    platformAccountColumn(
      'destinationAccount',
      'To account',
      (t) => t.destinationAccount,
      (t) => t.destinationAccountPlatform,
    ),
    clientColumn<Transfer>(clients),
    alertFlagColumn<Transfer>(alerts, tab),
    amountColumn<Transfer>('transferAmount', (t) => t.transferAmount),
    currencyColumn<Transfer>('transferCurrency', (t) => t.transferCurrency),
    legColumn('sourceMTStatus', 'Withdrawn status', (t) => t.sourceMTStatus),
    legColumn('destinationMTStatus', 'Deposited status', (t) => t.destinationMTStatus),
    timeColumn<Transfer>('timestamp', 'Requested', (t) => t.timestamp),
    // The legs have their own columns; the status column shows the request status only.
    ...(extra.status ? [statusColumn<Transfer>(() => '')] : []),
    ...(extra.actions && actions ? [actionsColumn(actions)] : []),
  ];
}

const ALL_COLUMNS = transferColumns({ tab: 'historical' });
export const TRANSFER_FILTER_TYPES = filterTypesOf(ALL_COLUMNS);
/** With the decision's time, which the history tabs sort by (no column shows it). */
export const TRANSFER_SORT_FIELDS = [...sortFieldsOf(ALL_COLUMNS), 'timeDecided'];
