import { ACCOUNT_TYPES, DEMO_ACCOUNT_TYPES, PAGE_SIZES } from '@brokerdesk/contract';
import { Group } from '@mantine/core';
import { useMemo } from 'react';
import { ExportButton } from '../../../shared/export-button.tsx';
import {
  DataTable,
  filterTypesOf,
  listDefaults,
  queryTableProps,
  useUrlListState,
  type DataTableColumn,
  type ListDefaults,
  toPagedRequest,
  withColumnDefaults,
} from '../../../shared/data-table/index.ts';
import { AccountDetailsModal } from '../account-details/account-details-modal.tsx';
import {
  accountColumns,
  accountFigures,
  adminColumn,
  clientColumn,
  accountRows,
  type AccountRow,
} from '../account-columns.tsx';
import type { LiveOrDemo } from '../accounts-api.ts';
import { useAccountsPage, useAdmins, useLinkedAccount } from '../accounts-queries.ts';

/**
 * docs/product.md [screen.trading-accounts] columns; the admin column needs the admins list, so the set is
 * built per render of it.
 */
function tradingColumns(kind: LiveOrDemo, admins?: Readonly<Record<string, string>>) {
  // Mini FX is live only (docs/product.md [constants]), so the demo filter does not offer it.
  const c = accountColumns<AccountRow>(kind === 'live' ? ACCOUNT_TYPES : DEMO_ACCOUNT_TYPES);
  const columns: DataTableColumn<AccountRow>[] = [
    // No email column: the client filter matches email too, and the modal shows it.
    clientColumn,
    c.number,
    c.platform,
    c.accountGroup,
    ...accountFigures(c),
    c.timeCreated,
    c.timeApproved,
    adminColumn(admins),
  ];
  // What a laptop screen fits; platform, type, approval time and admin are in the chooser.
  return withColumnDefaults(columns, {
    hidden: ['platform', 'type', 'timeApproved', 'adminId'],
    keep: ['client', 'number'],
  });
}

const FILTER_TYPES = filterTypesOf(tradingColumns('live'));
const SORT_FIELDS = tradingColumns('live')
  .filter((col) => col.sortable)
  .map((col) => col.id);

/**
 * Each tab keeps its own view in the URL (live.page, demo.f.client, …). docs/product.md [constants]: 50/100,
 * first 10.
 */
const LISTS: Record<LiveOrDemo, ListDefaults> = {
  live: listDefaults(PAGE_SIZES.tradingAccounts, {
    prefix: 'live',
    sortField: 'timeCreated',
    sortOrder: 'desc',
    sortFields: SORT_FIELDS,
    filterFields: Object.keys(FILTER_TYPES),
  }),
  demo: listDefaults(PAGE_SIZES.tradingAccounts, {
    prefix: 'demo',
    sortField: 'timeCreated',
    sortOrder: 'desc',
    sortFields: SORT_FIELDS,
    filterFields: Object.keys(FILTER_TYPES),
  }),
};

/** One tab of Trading Accounts: the server-paged list; a click opens the account details modal. */
export function TradingAccountsTable({ kind }: { kind: LiveOrDemo }) {
  const list = useUrlListState(LISTS[kind]);
  const query = useAccountsPage(kind, list.state, FILTER_TYPES);
  const admins = useAdmins();
  const columns = useMemo(() => tradingColumns(kind, admins.data), [kind, admins.data]);
  const table = queryTableProps(query, accountRows);
  // The open account is in the URL (?open=<id>, next to the tab): a link opens it, Back closes it.
  const linked = useLinkedAccount(table.rows);
  const label = kind === 'live' ? 'Live accounts' : 'Demo accounts';

  return (
    <>
      <Group justify="flex-end" mb="xs">
        <ExportButton
          list="trading-accounts"
          params={{ type: kind, approved: 'all' }}
          request={toPagedRequest(list.state, FILTER_TYPES)}
        />
      </Group>
      <DataTable
        label={label}
        listId={`trading-accounts.${kind}`}
        columns={columns}
        list={list}
        {...table}
        onRowClick={linked.open}
        emptyText={`No ${kind} accounts match these filters.`}
      />
      {linked.entry && (
        <AccountDetailsModal account={linked.entry} client={linked.entry.client} onClose={linked.close} />
      )}
    </>
  );
}
