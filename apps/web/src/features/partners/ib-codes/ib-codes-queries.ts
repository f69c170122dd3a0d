import type {
  AddIbCodeRequest,
  AddIbSlotsRequest,
  GenerateCodesRequest,
  PagedRequest,
  RenameIbCodeRequest,
} from '@brokerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefetch } from '../../../shared/background-fetch.ts';
import { toPagedRequest, type ListState } from '../../../shared/data-table/index.ts';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
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

// SPEC 8 names these notices without giving their words; these say what happened.
const NOTICES = { added: 'Introducer added.', updated: 'Introducer updated.' } as const;

/** Add Introducer. Field errors show in the modal; no slot left gets its own notice (SPEC 8). */
export function useAddIntroducer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddIbCodeRequest) => ensureSuccess(await partnersApi.addIntroducer(body)),
    meta: { errorNotice: false },
    onError: showIbFailure,
    onSuccess: async () => {
      showSuccessNotice(NOTICES.added);
      await queryClient.invalidateQueries({ queryKey: ibCodeKeys.all });
    },
  });
}

/** The inline rename; a bad name shows under the name box, anything else as a notice. */
export function useRenameIntroducer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RenameIbCodeRequest) => ensureSuccess(await partnersApi.renameIntroducer(body)),
    meta: { errorNotice: false },
    onError: showIbFailure,
    onSuccess: async () => {
      showSuccessNotice(NOTICES.updated);
      await queryClient.invalidateQueries({ queryKey: ibCodeKeys.all });
    },
  });
}

/** Add slots (SYSOP): the server's message says what was added; the counters reload. */
export function useAddSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddIbSlotsRequest) => ensureSuccess(await partnersApi.addSlots(body)),
    meta: { errorNotice: false },
    onSuccess: async (reply) => {
      showSuccessNotice(reply.message);
      await queryClient.invalidateQueries({ queryKey: ibCodeKeys.all });
    },
  });
}

/** Generate codes: the server's message ('10 codes generated.') is the notice. */
export function useGenerateCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GenerateCodesRequest) => ensureSuccess(await partnersApi.generateCodes(body)),
    meta: { errorNotice: false },
    onError: showIbFailure,
    onSuccess: async (reply, body) => {
      showSuccessNotice(reply.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ibCodeKeys.all }),
        queryClient.invalidateQueries({ queryKey: generatedCodeKeys.detail(String(body.agentCode)) }),
      ]);
    },
  });
}
