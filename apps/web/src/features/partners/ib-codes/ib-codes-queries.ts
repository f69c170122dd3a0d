import type {
  AddIbCodeRequest,
  AddIbSlotsRequest,
  GenerateCodesRequest,
  PagedRequest,
  RenameIbCodeRequest,
} from '@brokerdesk/contract';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { invalidateRecord, recordKeys } from '../../../shared/invalidate-record.ts';
import { showSuccessNotice } from '../../../shared/notify.ts';
import { showIbFailure } from '../ib-notices.ts';
import { partnersApi } from '../partners-api.ts';
import { generatedCodeKeys, ibCodeKeys } from '../partners-keys.ts';

/** The search box is the server's filter `q`: a name part or an agent code part. */
export const IB_CODE_SEARCH = 'q';
export const IB_CODE_FILTER_TYPES = { [IB_CODE_SEARCH]: 'TEXT' } as const;

/** One server page of introducers (newest first unless sorted) with the quota counters. */
export function useIbCodes(state: ListState) {
  const request = toPagedRequest(state, IB_CODE_FILTER_TYPES);
  return useQuery({
    queryKey: ibCodeKeys.list(request),
    queryFn: (ctx) => partnersApi.ibCodes(request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
  });
}

/** Introducers whose name or agent code holds `search`, for a picker (the first 50 that match). */
export function useIntroducerSearch(search: string) {
  const request: PagedRequest = {
    page: 1,
    sizePerPage: 50,
    sortField: 'name',
    sortOrder: 'asc',
    filters: search.trim() ? { q: { filterType: 'TEXT', filterVal: search.trim() } } : {},
  };
  return useQuery({
    queryKey: ibCodeKeys.list({ picker: true, ...request }),
    queryFn: (ctx) => partnersApi.ibCodes(request, { signal: ctx.signal, background: isRefetch(ctx) }),
    placeholderData: keepPreviousData,
    select: (reply) => reply.ibs,
  });
}

/** An introducer's generated links, loaded when its row is expanded. */
export function useGeneratedCodes(agentCode: number) {
  return useQuery({
    queryKey: generatedCodeKeys.detail(String(agentCode)),
    queryFn: (ctx) =>
      partnersApi.generatedCodes(agentCode, { signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.codes,
  });
}

// docs/product.md [messages] names these notices without giving their words; these say what happened.
const NOTICES = { added: 'Introducer added.', updated: 'Introducer updated.' } as const;

type IbCodeChange<B, R> = {
  send: (body: B) => Promise<R>;
  /** The success notice. */
  notice: (reply: R) => string;
  /** What loads again: the records changed (invalidate-record.ts). */
  invalidate: (queryClient: QueryClient, body: B) => Promise<void>;
  /** A failure that is not about a field gets a notice (no slot left...); else the modal shows it. */
  failureNotice: boolean;
};

/** A change of introducers or their quotas: a notice, then the lists and counters load again. */
function useIbCodeChange<B, R extends { success: boolean }>(change: IbCodeChange<B, R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => ensureSuccess(await change.send(body)),
    meta: { errorNotice: false },
    onError: change.failureNotice ? showIbFailure : undefined,
    onSuccess: async (reply, body) => {
      showSuccessNotice(change.notice(reply));
      await change.invalidate(queryClient, body);
    },
  });
}

/**
 * Add Introducer. Field errors show in the modal; no slot left gets its own notice
 * (docs/product.md [messages]).
 */
export const useAddIntroducer = () =>
  useIbCodeChange({
    send: (body: AddIbCodeRequest) => partnersApi.addIntroducer(body),
    notice: () => NOTICES.added,
    invalidate: (queryClient) => invalidateRecord(queryClient, ibCodeKeys),
    failureNotice: true,
  });

/** The inline rename; a bad name shows under the name box, anything else as a notice. */
export const useRenameIntroducer = () =>
  useIbCodeChange({
    send: (body: RenameIbCodeRequest) => partnersApi.renameIntroducer(body),
    notice: () => NOTICES.updated,
    invalidate: (queryClient, body) => invalidateRecord(queryClient, ibCodeKeys, body.ibId),
    failureNotice: true,
  });

/** Add slots (SYSOP): the server's message says what was added; the counters reload. */
export const useAddSlots = () =>
  useIbCodeChange({
    send: (body: AddIbSlotsRequest) => partnersApi.addSlots(body),
    notice: (reply) => reply.message,
    invalidate: (queryClient) => invalidateRecord(queryClient, ibCodeKeys),
    failureNotice: false,
  });

/** Generate codes: the server's message ('10 codes generated.') is the notice. */
export const useGenerateCodes = () =>
  useIbCodeChange({
    send: (body: GenerateCodesRequest) => partnersApi.generateCodes(body),
    notice: (reply) => reply.message,
    // The introducer's links, and the counters that come with the introducers list.
    invalidate: (queryClient, body) =>
      invalidateRecord(queryClient, generatedCodeKeys, String(body.agentCode), recordKeys(ibCodeKeys)),
    failureNotice: true,
  });
