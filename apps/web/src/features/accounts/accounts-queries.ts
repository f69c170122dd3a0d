import type { Filter, LookupClient, TradingAccount, TradingAccountResponse } from '@brokerdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isRefetch } from '../../shared/background-fetch.ts';
import { useLinkedRow } from '../../shared/use-linked-row.ts';
import { toPagedRequest, type ListState } from '../../shared/data-table/index.ts';
import { accountsApi, type LiveOrDemo } from './accounts-api.ts';
import { adminKeys, clientAccountKeys, tradingAccountKeys } from './accounts-keys.ts';

export type AccountListKind = LiveOrDemo | 'wallet';

/** One server page of live, demo or wallet accounts. */
export function useAccountsPage(
  kind: AccountListKind,
  state: ListState,
  filterTypes: Readonly<Record<string, Filter['filterType']>>,
) {
  const request = toPagedRequest(state, filterTypes);
  return useQuery({
    queryKey: tradingAccountKeys.list({ kind, ...request }),
    queryFn: (ctx) => {
      const options = { signal: ctx.signal, background: isRefetch(ctx) };
      return kind === 'wallet'
        ? accountsApi.walletPage(request, options)
        : accountsApi.page(kind, request, options);
    },
    placeholderData: keepPreviousData,
  });
}

/** How often the profile card looks again while a new live account is still being opened. */
const AWAITING_ACCOUNT_MS = 2_000;

/**
 * A client's live, approved accounts. An account opened with + ADD is approved only once the platform
 * has made it, a moment later; while `awaitingId` is not in the list the card looks again every 2 s.
 */
export function useClientAccounts(userId: string, awaitingId?: string | null) {
  return useQuery({
    queryKey: clientAccountKeys.detail(userId),
    queryFn: (ctx) => accountsApi.ofClient(userId, { signal: ctx.signal, background: isRefetch(ctx) }),
    refetchInterval: (query) =>
      awaitingId && !query.state.data?.some((a) => a._id === awaitingId) ? AWAITING_ACCOUNT_MS : false,
  });
}

/** Staff names rarely change; one load per 5 minutes is plenty. */
export function useAdmins() {
  return useQuery({
    queryKey: adminKeys.lists(),
    queryFn: (ctx) => accountsApi.admins({ signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.admins,
    staleTime: 5 * 60_000,
  });
}

/** An account, with its holder where the screen shows one (Trading Accounts; not the profile card). */
type LinkedAccount = TradingAccount & { client?: LookupClient | undefined };
const accountId = (account: LinkedAccount) => account._id;

/**
 * The account whose details modal is open, by the URL's `open` param (use-linked-row.ts): looked up in
 * the loaded rows, else loaded by id. `ofClient` keeps a link on a client's profile to that client's
 * accounts. The account is a copy of the row as clicked.
 */
export function useLinkedAccount(rows: readonly LinkedAccount[] | undefined, ofClient?: string) {
  return useLinkedRow<LinkedAccount, TradingAccountResponse>({
    idOf: accountId,
    loaded: !!rows,
    fromLoaded: (id) => rows?.find((a) => a._id === id),
    fetch: {
      queryKey: (id) => tradingAccountKeys.detail(id),
      queryFn: (id, signal) => accountsApi.one(id, { signal }),
      toEntry: ({ account, users }) =>
        ofClient && account.userId !== ofClient ? undefined : { ...account, client: users[account.userId] },
    },
  });
}
