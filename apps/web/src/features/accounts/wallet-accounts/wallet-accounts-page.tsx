import { ACCOUNT_TYPES, PAGE_SIZES } from '@brokerdesk/contract';
import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../shared/page-header.tsx';
import { ExportButton } from '../../../shared/export-button.tsx';
import {
  DataTable,
  filterTypesOf,
  listDefaults,
  queryTableProps,
  toPagedRequest,
  useUrlListState,
  type DataTableColumn,
  withColumnDefaults,
} from '../../../shared/data-table/index.ts';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import {
  accountColumns,
  accountFigures,
  clientColumn,
  emailColumn,
  accountRows,
  type AccountRow,
} from '../account-columns.tsx';
import { useAccountsPage } from '../accounts-queries.ts';

const c = accountColumns<AccountRow>(ACCOUNT_TYPES);
/**
 * docs/product.md [screen.wallet-accounts]: client name, email, number, platform, type, currency, leverage,
 * balance, equity, created.
 */
const COLUMNS: DataTableColumn<AccountRow>[] = withColumnDefaults(
  [clientColumn, emailColumn, c.number, c.platform, ...accountFigures(c), c.timeCreated],
  // Money first on a laptop screen: platform, type and leverage are in the column chooser.
  { hidden: ['platform', 'type', 'leverage'], keep: ['client', 'number'] },
);
const FILTER_TYPES = filterTypesOf(COLUMNS);

const LIST = listDefaults(PAGE_SIZES.walletAccounts, {
  sortField: 'timeCreated',
  sortOrder: 'desc',
  sortFields: COLUMNS.filter((col) => col.sortable).map((col) => col.id),
  filterFields: Object.keys(FILTER_TYPES),
});

/**
 * /wallet-accounts (docs/product.md [screen.wallet-accounts]): the clients' live, approved accounts, paged by
 * the server.
 */
export function WalletAccountsPage() {
  usePageTitle('Wallet Accounts');
  const list = useUrlListState(LIST);
  const query = useAccountsPage('wallet', list.state, FILTER_TYPES);

  return (
    <Stack gap="md">
      <PageHeader title="Wallet Accounts">
        <ExportButton list="wallet-accounts" request={toPagedRequest(list.state, FILTER_TYPES)} />
      </PageHeader>
      <DataTable
        label="Wallet Accounts"
        listId="wallet-accounts"
        columns={COLUMNS}
        list={list}
        {...queryTableProps(query, accountRows)}
        emptyText="No wallet accounts match these filters."
      />
      <Text size="xs" c="dimmed">
        Live, approved trading accounts of all clients. The client filter matches name or email.
      </Text>
    </Stack>
  );
}
