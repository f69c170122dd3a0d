import { MESSAGES } from '@brokerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ensureSuccess } from '../../shared/ensure-success.ts';
import { invalidateRecord } from '../../shared/invalidate-record.ts';
import { showSuccessNotice } from '../../shared/notify.ts';
import { clientLogKeys } from '../clients/client-keys.ts';
import { useInvalidateClient } from '../clients/client-mutations.ts';
import { accountsApi, type CreateAccountBody, type UpdateAccountBody } from './accounts-api.ts';
import { clientAccountKeys, tradingAccountKeys } from './accounts-keys.ts';
import { watchPasswordChange } from './account-details/password-check.ts';

/**
 * Every account list, the account changed, and the client's card and log (each change writes a log
 * line) load again.
 */
function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return (userId: string, accountId: string | undefined) =>
    invalidateRecord(queryClient, tradingAccountKeys, accountId, [
      clientAccountKeys.detail(userId),
      clientLogKeys.detail(userId),
    ]);
}

/**
 * Leverage and/or password of an account (docs/product.md [states]). A leverage change is confirmed at once;
 * a password change is checked 5 s later by `watchPasswordChange`, which shows its own notice; its promise
 * comes back as `passwordCheck` so an open modal can show the outcome too.
 */
export function useUpdateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: async (body: UpdateAccountBody) => {
      const reply = ensureSuccess(await accountsApi.update(body));
      // Started here, not in a component, so it runs (and reports) even if the modal is closed at once.
      const passwordCheck = reply.passwordChanged
        ? watchPasswordChange(reply.accountId ?? body.accountId)
        : null;
      return { ...reply, passwordCheck };
    },
    onSuccess: async (reply, body) => {
      if (reply.leverageChangeRequested) showSuccessNotice(MESSAGES.accountUpdated);
      if (reply.groupChangeRequested) showSuccessNotice(MESSAGES.groupChangeSent);
      await invalidate(body.userId, body.accountId);
    },
  });
}

/** + ADD on the profile: staff open a live or demo account for the client at once. */
export function useCreateAccount() {
  const invalidate = useInvalidateAccounts();
  const invalidateClient = useInvalidateClient();
  return useMutation({
    mutationFn: async (body: CreateAccountBody) => ensureSuccess(await accountsApi.create(body)),
    onSuccess: async (reply, body) => {
      showSuccessNotice(MESSAGES.accountOpened(body.requestType === 'live', reply.accountNumber));
      // The profile too: a first live account clears the client's "no account yet" flag.
      await Promise.all([invalidate(body.userId, reply.accountId), invalidateClient(body.userId)]);
    },
  });
}
