import type { TradingAccount, UserStatus } from '@brokerdesk/contract';
import { ACCOUNT_TYPES } from '@brokerdesk/contract';
import { Anchor, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  DataTable,
  listDefaults,
  pageLocally,
  queryTableProps,
  useUrlListState,
  type DataTableColumn,
  type LocalFields,
} from '../../../shared/data-table/index.ts';
import { AddButton } from '../../../shared/add-button.tsx';
import { SectionCard } from '../../../shared/section-card.tsx';
import { AccountDetailsModal } from '../account-details/account-details-modal.tsx';
import { accountColumns, accountFigures } from '../account-columns.tsx';
import { useClientAccounts, useLinkedAccount } from '../accounts-queries.ts';
import { NewAccountModal } from './new-account-modal.tsx';

const c = accountColumns<TradingAccount>(ACCOUNT_TYPES, false);
/** docs/product.md [screen.profile]: number, type, currency, leverage, balance, equity. */
const COLUMNS: DataTableColumn<TradingAccount>[] = [c.number, ...accountFigures(c)];
const FIELDS: LocalFields<TradingAccount> = {
  number: (a) => a.number,
  type: (a) => a.type,
  baseCurrency: (a) => a.baseCurrency,
  leverage: (a) => a.leverage,
  balance: (a) => a.balance,
  equity: (a) => a.equity,
};
/**
 * docs/product.md [const.page-sizes] gives this card no page sizes; a client has a handful of accounts, so 10
 * or 25 a page.
 */
const LIST = listDefaults(
  { sizes: [10, 25], initial: 10 },
  {
    prefix: 'acc',
    sortField: 'number',
    sortOrder: 'desc',
    sortFields: Object.keys(FIELDS),
    filterFields: [],
  },
);

const AWAIT_LIMIT_MS = 60_000;

type Props = { userId: string; userStatus: UserStatus };

/**
 * Trading Accounts on the client profile (docs/product.md [screen.profile]): live, approved accounts; a click
 * opens the account details modal, + ADD opens a new account.
 */
export function TradingAccountsCard({ userId, userStatus }: Props) {
  const list = useUrlListState(LIST);
  // A new live account shows up once the platform made it; until then the card keeps looking.
  const [awaiting, setAwaiting] = useState<string | null>(null);
  // This card lists live accounts only, so a new demo account gets a pointer to where it is listed.
  const [openedDemo, setOpenedDemo] = useState(false);
  const query = useClientAccounts(userId, awaiting);
  // The open account is in the URL (?open=<id>): a link opens it, Back closes it; a link to another
  // client's account does not open here.
  const linked = useLinkedAccount(query.data, userId);
  const [adding, setAdding] = useState(false);
  const opening = awaiting !== null && !query.data?.some((a) => a._id === awaiting);

  // Stop looking after a minute: an account the platform refused never appears here (it shows as an
  // error on New Sub Account Requests instead).
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setAwaiting(null), AWAIT_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting]);

  return (
    <SectionCard title="Trading Accounts" action={<AddButton onClick={() => setAdding(true)} />}>
      <DataTable
        label="Trading Accounts"
        listId="profile.trading-accounts"
        columns={COLUMNS}
        list={list}
        {...queryTableProps(query, (accounts) => pageLocally(accounts, list.state, FIELDS))}
        onRowClick={linked.open}
        emptyText="No live, approved accounts."
        withBorder={false}
        minWidth={480}
      />
      {opening && (
        <Text size="xs" c="dimmed" mt="xs">
          <Loader size={10} mr={6} />
          The new account is being opened on the platform and appears here when it is ready.
        </Text>
      )}
      {openedDemo && (
        <Text size="xs" c="dimmed" mt="xs">
          Demo accounts are not listed here: see{' '}
          <Anchor component={Link} to="/trading-accounts?tab=demo" size="xs">
            Trading Accounts, DEMO
          </Anchor>
          .
        </Text>
      )}
      {linked.entry && <AccountDetailsModal account={linked.entry} onClose={linked.close} />}
      {adding && (
        <NewAccountModal
          userId={userId}
          userStatus={userStatus}
          onCreated={({ accountId, live }) => {
            setAwaiting(live && accountId ? accountId : null);
            setOpenedDemo(!live);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </SectionCard>
  );
}
