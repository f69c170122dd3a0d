import type { AddIbCodeRequest, GenerateCodesRequest, RenameIbCodeRequest } from '@brokerdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefetch } from '../../shared/background-fetch.ts';
import { ensureSuccess } from '../../shared/ensure-success.ts';
import { showSuccessNotice } from '../../shared/notify.ts';
import { showIbFailure } from './ib-notices.ts';
import { partnersApi } from './partners-api.ts';
import { generatedCodeKeys, ibCodeKeys } from './partners-keys.ts';

/** Introducers (newest first, at most 1000) with the quota counters. */
export function useIbCodes() {
  return useQuery({
    queryKey: ibCodeKeys.lists(),
    queryFn: (ctx) => partnersApi.ibCodes({ signal: ctx.signal, background: isRefetch(ctx) }),
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
