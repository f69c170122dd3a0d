import type { SetThresholdRequest } from '@brokerdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefetch } from '../../shared/background-fetch.ts';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';
import { approvalsApi, thresholdKeys } from './approvals-api.ts';

export function useThresholds() {
  return useQuery({
    queryKey: thresholdKeys.lists(),
    queryFn: (ctx) => approvalsApi.thresholds({ signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.thresholds,
  });
}

/** Saves one card's changes, one call per currency, then reloads the thresholds. */
export function useSaveThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly SetThresholdRequest[]) => {
      let message = '';
      for (const change of changes) message = (await approvalsApi.setThreshold(change)).message;
      return message;
    },
    meta: { errorNotice: false },
    onSuccess: (message) => showSuccessNotice(message),
    onError: (error) => showErrorNotice(error instanceof Error ? error.message : undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: thresholdKeys.all }),
  });
}
