import { FOUR_EYES_MESSAGES, MESSAGES, type FundingType } from '@brokerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../shared/api.ts';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { invalidateRecord } from '../../../shared/invalidate-record.ts';
import { showErrorNotice, showNotice, showSuccessNotice } from '../../../shared/notify.ts';
import { systemKeys } from '../../../shared/query-keys.ts';
import { fundingHistoryKeys } from '../../clients/client-keys.ts';
import type { FundingActionReply } from './funding-api.ts';
import { fundingKeys } from './funding-keys.ts';
import { watchPlatform } from './platform-watch.ts';
import { RUNS_ON_PLATFORM } from './request-choices.ts';
import type { Editing } from './use-row-editor.ts';

/**
 * After any action on a request: its lists and its own detail (a link's copy of it too), the sidebar
 * counters and the clients' funding history load again. Done in the mutation's own onSuccess so a
 * caller's onSuccess adds to it (STYLE.md).
 */
export function useInvalidateFunding(type: FundingType) {
  const queryClient = useQueryClient();
  return useCallback(
    (id?: string) =>
      invalidateRecord(queryClient, fundingKeys[type], id, [systemKeys.counters(), fundingHistoryKeys.all]),
    [queryClient, type],
  );
}

/**
 * The server's message after an action (docs/product.md [messages]: 'Deposit: a server message, when present,
 * is shown'). A card-provider withdrawal is not paid yet: 'Waiting for the provider to process'
 * (docs/product.md [states]) in amber; a first approval under four-eyes moves nothing yet either, in blue.
 */
export function showActionNotice(reply: FundingActionReply, fallback: string): void {
  const message = reply.message || fallback;
  if (message === MESSAGES.waitingForProvider) {
    showNotice({ message, color: 'yellow' });
  } else if (message === FOUR_EYES_MESSAGES.firstApprovalRecorded) {
    // Four-eyes: nothing moved yet; a second staff member must approve.
    showNotice({ title: FOUR_EYES_MESSAGES.awaitingSecond, message, color: 'blue' });
  } else {
    showSuccessNotice(message);
  }
}

/**
 * A list button's failure: a 409 says the request was already handled by someone else, a 400 or 403
 * says why it was refused; both are worth reading. Anything else is the generic notice
 * (docs/product.md [messages]).
 */
export function actionErrorMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 404, 409].includes(error.status)) {
    return Object.values(error.errors)[0] ?? MESSAGES.somethingWrong;
  }
  return MESSAGES.somethingWrong;
}

/**
 * 409: the request is no longer in the state the action needs (another approver,
 * docs/product.md [money.compare-and-set]).
 */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

type ActionOptions<V> = {
  type: FundingType;
  call: (vars: V) => Promise<FundingActionReply>;
  /** Whether this action starts a platform operation worth watching (Approve & process, …). */
  runsOnPlatform: (vars: V) => boolean;
  fallbackMessage: string;
  /** 'modal': errors show in red in the update modal; 'notice': a list button, errors as a notice. */
  errors: 'modal' | 'notice';
};

/** One action on a request (update modal or list button), with its notice, refresh and platform watch. */
export function useFundingAction<V>({
  type,
  call,
  runsOnPlatform,
  fallbackMessage,
  errors,
}: ActionOptions<V>) {
  const invalidate = useInvalidateFunding(type);
  return useMutation({
    mutationFn: async (vars: V) => ensureSuccess(await call(vars)),
    // Errors are shown here or in the modal, never as a second generic notice on top.
    meta: { errorNotice: false },
    onSuccess: async (reply, vars) => {
      // Only an approved request has a platform operation on its way; a card-provider withdrawal
      // still waiting for the provider stays pending and has nothing to watch yet.
      if (reply.request?.status === 'approved' && runsOnPlatform(vars)) watchPlatform(reply.request);
      showActionNotice(reply, fallbackMessage);
      await invalidate(reply.request?._id);
    },
    onError: async (error) => {
      if (errors === 'notice') showErrorNotice(actionErrorMessage(error));
      // Someone else got there first: show the list as it is now, not the stale row.
      if (isConflict(error)) await invalidate();
    },
  });
}

/**
 * What every update modal of a request takes: the row as the list opened it (the request, its client,
 * the Reject preset and its four-eyes approval) and how to close.
 */
export type RequestModalProps<T> = Editing<T> & { onClose: () => void };

/** An update modal's save: errors stay in the modal; the choices that move money are watched. */
export function useRequestUpdate<V extends { status: string }>(
  type: FundingType,
  call: (body: V) => Promise<FundingActionReply>,
  fallbackMessage: string,
) {
  return useFundingAction({
    type,
    call,
    runsOnPlatform: (body) => RUNS_ON_PLATFORM.includes(body.status),
    fallbackMessage,
    errors: 'modal',
  });
}
