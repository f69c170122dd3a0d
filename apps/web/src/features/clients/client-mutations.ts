import { MESSAGES } from '@brokerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ensureSuccess } from '../../shared/ensure-success.ts';
import { invalidateRecord } from '../../shared/invalidate-record.ts';
import { showSuccessNotice } from '../../shared/notify.ts';
import { clientApi, type PartnerSettingsBody, type ProcessUserBody } from './client-api.ts';
import { clientApplicationKeys, clientKeys, clientLogKeys, partnerSettingsKeys } from './client-keys.ts';

/**
 * After any change to a client: every user list, the profile and the log (each change writes a log
 * line) load again. Mutations do this in their own onSuccess, so a caller's onSuccess adds to it and
 * can never replace it (STYLE.md).
 */
export function useInvalidateClient() {
  const queryClient = useQueryClient();
  return useCallback(
    (userId: string) =>
      invalidateRecord(queryClient, clientKeys, userId, [
        clientLogKeys.detail(userId),
        clientApplicationKeys.detail(userId),
      ]),
    [queryClient],
  );
}

/**
 * A change to one client (an edit, a decision, a new account type): sent, 'Client updated.' said, and
 * that client reloaded (useInvalidateClient). `userIdOf` names the client in the change's own input.
 */
function useClientChange<V, R>(send: (vars: V) => Promise<R>, userIdOf: (vars: V) => string) {
  const invalidate = useInvalidateClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (_reply, vars) => {
      showSuccessNotice(MESSAGES.clientUpdated);
      await invalidate(userIdOf(vars));
    },
  });
}

export function useEditUser() {
  return useClientChange(
    async (body: Parameters<typeof clientApi.edit>[0]) => ensureSuccess(await clientApi.edit(body)),
    (body) => body._id,
  );
}

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Parameters<typeof clientApi.register>[0]) =>
      ensureSuccess(await clientApi.register(body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}

export function useProcessUser() {
  return useClientChange(
    async (body: ProcessUserBody) => ensureSuccess(await clientApi.process(body)),
    (body) => body.userId,
  );
}

export function useChangeAccountType() {
  return useClientChange(
    async (vars: { userId: string; changeTo: 'Individual' | 'Corporate' }) => {
      ensureSuccess(
        await clientApi.changeAccountType({ changeTo: vars.changeTo, userData: { _id: vars.userId } }),
      );
      // docs/product.md [states]: the trading accounts are then renamed on the platform.
      return ensureSuccess(await clientApi.renameTradingAccounts({ userData: { _id: vars.userId } }));
    },
    (vars) => vars.userId,
  );
}

export function useAddLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { userId: string; event: string }) =>
      ensureSuccess(await clientApi.addLog(body)),
    onSuccess: async (_reply, body) => {
      showSuccessNotice(MESSAGES.logAdded);
      await queryClient.invalidateQueries({ queryKey: clientLogKeys.detail(body.userId) });
    },
  });
}

export function useSavePartnerSettings() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateClient();
  return useMutation({
    mutationFn: async (body: PartnerSettingsBody) => ensureSuccess(await clientApi.savePartnerSettings(body)),
    onSuccess: async (_reply, body) => {
      showSuccessNotice(MESSAGES.clientUpdated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerSettingsKeys.detail(body.partnerId) }),
        invalidate(body.partnerId),
      ]);
    },
  });
}
