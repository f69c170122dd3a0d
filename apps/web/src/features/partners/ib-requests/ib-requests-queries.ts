import {
  POLLING_MS,
  type Filter,
  type IbRequestResponse,
  type ProcessIbRequestRequest,
} from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { invalidateRecord, recordKeys } from '../../../shared/invalidate-record.ts';
import { showSuccessNotice } from '../../../shared/notify.ts';
import { systemKeys } from '../../../shared/query-keys.ts';
import { useLinkedRow } from '../../../shared/use-linked-row.ts';
import { clientKeys, clientLogKeys } from '../../clients/client-keys.ts';
import { showIbFailure } from '../ib-notices.ts';
import { toRow, type IbRequestRow } from './ib-request-rows.tsx';
import { partnersApi } from '../partners-api.ts';
import { ibCodeKeys, ibRequestKeys } from '../partners-keys.ts';

/**
 * One server page of IB requests (pending and error first unless sorted); refreshed in the background
 * every 5 minutes (docs/product.md [constants]).
 */
export function useIbRequests(state: ListState, filterTypes: Readonly<Record<string, Filter['filterType']>>) {
  const request = toPagedRequest(state, filterTypes);
  return useQuery({
    queryKey: ibRequestKeys.list(request),
    queryFn: (ctx) => partnersApi.ibRequests(request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
    refetchInterval: POLLING_MS.ibRequests,
  });
}

const rowId = (row: IbRequestRow) => row._id;

/**
 * The request whose modal is open, by the URL's `open` param (use-linked-row.ts): looked up on the
 * page, else loaded by id. The screen shows the page's latest copy of it while the page holds it.
 */
export function useLinkedIbRequest(rows: readonly IbRequestRow[] | undefined) {
  const linked = useLinkedRow<IbRequestRow, IbRequestResponse>({
    idOf: rowId,
    loaded: !!rows,
    fromLoaded: (id) => rows?.find((r) => r._id === id),
    fetch: {
      queryKey: (id) => ibRequestKeys.detail(id),
      queryFn: (id, signal) => partnersApi.ibRequest(id, { signal }),
      toEntry: (reply) => toRow(reply.requestData, reply.usersData),
    },
  });
  // Look the request up in the latest page, so a background refresh never leaves the modal stale; a
  // request that moved off the page (decided meanwhile) stays open as it was clicked.
  const entry = linked.entry;
  const latest = entry ? (rows?.find((r) => r._id === entry._id) ?? entry) : null;
  return { opened: latest, open: linked.open, close: linked.close };
}

/**
 * Approve or reject with a comment (docs/product.md [states]). The server's result message is the success
 * notice; a failure shows the server's message (or the no-slots notice), a missing comment shows under the
 * field.
 */
export function useProcessIbRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProcessIbRequestRequest) =>
      ensureSuccess(await partnersApi.processIbRequest(body)),
    meta: { errorNotice: false },
    onError: showIbFailure,
    onSuccess: async (reply, body) => {
      showSuccessNotice(reply.message);
      // Approval makes the client a partner with a new introducer and spends a slot; both change counts.
      await invalidateRecord(queryClient, ibRequestKeys, requestId, [
        ...recordKeys(ibCodeKeys),
        ...recordKeys(clientKeys, body.userId),
        clientLogKeys.detail(body.userId),
        systemKeys.counters(),
      ]);
    },
  });
}
