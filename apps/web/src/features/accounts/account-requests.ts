import type { LookupClient, PagedRequest } from '@brokerdesk/contract';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RequestOptions } from '../../shared/api.ts';
import { isRefetch } from '../../shared/background-fetch.ts';
import { useLinkedRow } from '../../shared/use-linked-row.ts';
import type { Editing } from '../funding/shared/use-row-editor.ts';

/** A request of a client about one of their accounts (a leverage change, a new sub-account). */
export type AccountRequest = { _id: string; userId: string };
export type Clients = Readonly<Record<string, LookupClient>>;
/** A server page of requests with their clients, whatever the reply calls its rows. */
export type RequestRows<R> = { rows: readonly R[]; users: Clients };

/** How a request list and one request by id are loaded. */
export type RequestCalls<S extends string, P, Reply, R> = {
  listKey: (params: unknown) => QueryKey;
  page: (status: S, body: PagedRequest, options: RequestOptions) => Promise<P>;
  detailKey: (id: string) => QueryKey;
  one: (id: string, signal: AbortSignal) => Promise<Reply>;
  /** The request and its client in the reply of `one`. */
  entryOf: (reply: Reply) => Editing<R>;
  /** How often the list looks again on its own, if at all. */
  refetchInterval?: number;
};

/**
 * One server page of the requests of a status, as the list state (URL) asks. Refreshes go out as
 * background calls, so a screen left open does not keep the session alive.
 */
export function useRequestPage<S extends string, P>(
  calls: Pick<RequestCalls<S, P, unknown, unknown>, 'listKey' | 'page' | 'refetchInterval'>,
  status: S,
  request: PagedRequest,
) {
  return useQuery({
    queryKey: calls.listKey({ status, ...request }),
    queryFn: (ctx) => calls.page(status, request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
    refetchInterval: calls.refetchInterval,
  });
}

const editingId = (editing: Editing<AccountRequest>) => editing.row._id;

/**
 * The request whose update modal is open, by the URL's `open` param (use-linked-row.ts): looked up on
 * the page, else loaded by id. It is a copy: a refresh must not pull the modal away mid-decision; if
 * someone else decided meanwhile, the server's 409 says so in the modal. Opened by a click, it may
 * carry the Reject preset (not in the URL).
 */
export function useLinkedRequest<R extends AccountRequest, Reply>(
  page: RequestRows<R> | undefined,
  calls: Pick<RequestCalls<string, unknown, Reply, R>, 'detailKey' | 'one' | 'entryOf'>,
) {
  const linked = useLinkedRow<Editing<R>, Reply>({
    idOf: editingId,
    loaded: !!page,
    fromLoaded: (id) => {
      const row = page?.rows.find((r) => r._id === id);
      return row && { row, client: page?.users[row.userId] };
    },
    fetch: {
      queryKey: calls.detailKey,
      queryFn: calls.one,
      toEntry: calls.entryOf,
    },
  });
  const { open: openLinked, close } = linked;
  const open = useCallback(
    (row: R, preset?: 'rejected') => openLinked({ row, client: page?.users[row.userId], preset }),
    [page, openLinked],
  );
  return { editing: linked.entry, open, close };
}
