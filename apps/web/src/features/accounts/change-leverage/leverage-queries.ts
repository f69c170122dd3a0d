import {
  MESSAGES,
  type Filter,
  type LeverageChange,
  type LeverageRequestResponse,
  type LookupClient,
} from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { confirmAction } from '../../../shared/confirm-modal.tsx';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { showErrorNotice, showSuccessNotice } from '../../../shared/notify.ts';
import { systemKeys } from '../../../shared/query-keys.ts';
import { useLinkedRow } from '../../../shared/use-linked-row.ts';
import type { Editing } from '../../funding/shared/use-row-editor.ts';
import { actionErrorMessage, isConflict } from '../../funding/shared/funding-mutations.ts';
import { leverageApi, leverageKeys, type LeverageStatus, type LeverageUpdate } from './leverage-api.ts';

const FALLBACK = 'Leverage change updated.';

/** One server page of the requests of a status, as the list state (URL) asks. */
export function useLeverageRequests(
  status: LeverageStatus,
  state: ListState,
  filterTypes: Readonly<Record<string, Filter['filterType']>>,
) {
  const request = toPagedRequest(state, filterTypes);
  return useQuery({
    queryKey: leverageKeys.list({ status, ...request }),
    queryFn: (ctx) => leverageApi.page(status, request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
  });
}

const editingId = (editing: Editing<LeverageChange>) => editing.row._id;

/**
 * The change whose update modal is open, by the URL's `open` param (use-linked-row.ts): looked up on
 * the page, else loaded by id. Opened by a click, it may carry the Reject preset (not in the URL).
 */
export function useLinkedLeverage(
  page: { leverages: readonly LeverageChange[]; users: Readonly<Record<string, LookupClient>> } | undefined,
) {
  const linked = useLinkedRow<Editing<LeverageChange>, LeverageRequestResponse>({
    idOf: editingId,
    loaded: !!page,
    fromLoaded: (id) => {
      const row = page?.leverages.find((l) => l._id === id);
      return row && { row, client: page?.users[row.userId] };
    },
    fetch: {
      queryKey: (id) => leverageKeys.detail(id),
      queryFn: (id, signal) => leverageApi.one(id, { signal }),
      toEntry: (reply) => ({ row: reply.leverage, client: reply.users[reply.leverage.userId] }),
    },
  });
  const { open: openLinked, close } = linked;
  const open = useCallback(
    (row: LeverageChange, preset?: 'rejected') =>
      openLinked({ row, client: page?.users[row.userId], preset }),
    [page, openLinked],
  );
  return { editing: linked.entry, open, close };
}

function useInvalidateLeverage() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leverageKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: systemKeys.counters() }),
      ]),
    [queryClient],
  );
}

/** 'Update change leverage': errors stay in the modal (SPEC 8). */
export function useUpdateLeverage() {
  const invalidate = useInvalidateLeverage();
  return useMutation({
    mutationFn: async (body: LeverageUpdate) => ensureSuccess(await leverageApi.update(body)),
    meta: { errorNotice: false },
    onError: async (error) => {
      if (isConflict(error)) await invalidate();
    },
    onSuccess: async (reply) => {
      showSuccessNotice(reply.message || FALLBACK);
      await invalidate();
    },
  });
}

/** The pending list's Approve: ask (SPEC 5), then approve and set the leverage on the platform. */
export function useApproveLeverage() {
  const invalidate = useInvalidateLeverage();
  const { mutate, isPending, variables } = useMutation({
    mutationFn: async (change: LeverageChange) =>
      ensureSuccess(
        await leverageApi.process({ changeLeverageId: change._id, status: 'approved', comment: '' }),
      ),
    meta: { errorNotice: false },
    onSuccess: async (reply) => {
      showSuccessNotice(reply.message || FALLBACK);
      await invalidate();
    },
    onError: async (error) => {
      showErrorNotice(actionErrorMessage(error));
      if (isConflict(error)) await invalidate();
    },
  });
  const approve = useCallback(
    async (change: LeverageChange) => {
      if (await confirmAction({ message: MESSAGES.approveLeverage, confirmLabel: 'Approve' })) mutate(change);
    },
    [mutate],
  );
  return { approve, approvingId: isPending ? variables?._id : undefined };
}
