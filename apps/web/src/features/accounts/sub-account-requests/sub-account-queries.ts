import {
  POLLING_MS,
  calls,
  type Filter,
  type LookupClient,
  type SubAccountRequest,
  type SubAccountRequestResponse,
} from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { call } from '../../../shared/api.ts';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { showSuccessNotice } from '../../../shared/notify.ts';
import { entityKeys, systemKeys } from '../../../shared/query-keys.ts';
import { useLinkedRow } from '../../../shared/use-linked-row.ts';
import type { Editing } from '../../funding/shared/use-row-editor.ts';

export const SUB_ACCOUNT_LIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubAccountStatus = (typeof SUB_ACCOUNT_LIST_STATUSES)[number];
export type SubAccountUpdate = z.input<typeof calls.accounts.updateSubAccountRequest.body>;

export const subAccountKeys = entityKeys('sub-account-requests');

/**
 * One server page of the live and demo requests of a status, refreshed every 5 s (SPEC 9). The refreshes go out as
 * background calls, so a screen left open does not keep the session alive.
 */
export function useSubAccountRequests(
  status: SubAccountStatus,
  state: ListState,
  filterTypes: Readonly<Record<string, Filter['filterType']>>,
) {
  const request = toPagedRequest(state, filterTypes);
  return useQuery({
    queryKey: subAccountKeys.list({ status, ...request }),
    queryFn: (ctx) =>
      call(
        calls.accounts.pageSubAccountRequests,
        { params: { live: 'all', status }, body: request },
        { signal: ctx.signal, background: isRefetch(ctx) },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: POLLING_MS.subAccounts,
  });
}

const editingId = (editing: Editing<SubAccountRequest>) => editing.row._id;

/**
 * The request whose update modal is open, by the URL's `open` param (use-linked-row.ts): looked up on
 * the page, else loaded by id. It is a copy: the 5-second refresh must not pull the modal away
 * mid-decision; if someone else decided meanwhile, the server's 409 says so in the modal.
 */
export function useLinkedSubAccount(
  page: { accounts: readonly SubAccountRequest[]; users: Readonly<Record<string, LookupClient>> } | undefined,
) {
  const linked = useLinkedRow<Editing<SubAccountRequest>, SubAccountRequestResponse>({
    idOf: editingId,
    loaded: !!page,
    fromLoaded: (id) => {
      const row = page?.accounts.find((a) => a._id === id);
      return row && { row, client: page?.users[row.userId] };
    },
    fetch: {
      queryKey: (id) => subAccountKeys.detail(id),
      queryFn: (id, signal) => call(calls.accounts.getSubAccountRequest, { params: { id } }, { signal }),
      toEntry: (reply) => ({ row: reply.account, client: reply.users[reply.account.userId] }),
    },
  });
  const { open: openLinked, close } = linked;
  const open = useCallback(
    (row: SubAccountRequest) => openLinked({ row, client: page?.users[row.userId] }),
    [page, openLinked],
  );
  return { editing: linked.entry, open, close };
}

/** 'Update account': approving opens the account on the platform. Errors stay in the modal. */
export function useUpdateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubAccountUpdate) =>
      ensureSuccess(await call(calls.accounts.updateSubAccountRequest, { body })),
    meta: { errorNotice: false },
    onSuccess: async (reply) => {
      showSuccessNotice(reply.message || 'Account updated.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subAccountKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: systemKeys.counters() }),
      ]);
    },
  });
}
