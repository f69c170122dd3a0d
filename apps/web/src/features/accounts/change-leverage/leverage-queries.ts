import { MESSAGES, type LeverageChange } from '@brokerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { confirmAction } from '../../../shared/confirm-modal.tsx';
import { ensureSuccess } from '../../../shared/ensure-success.ts';
import { invalidateRecord } from '../../../shared/invalidate-record.ts';
import { showErrorNotice, showSuccessNotice } from '../../../shared/notify.ts';
import { systemKeys } from '../../../shared/query-keys.ts';
import { actionErrorMessage, isConflict } from '../../funding/shared/funding-mutations.ts';
import { leverageApi, leverageKeys, type LeverageUpdate } from './leverage-api.ts';

const FALLBACK = 'Leverage change updated.';

/** The change and the lists load again, and the menu counters with them. */
function useInvalidateLeverage() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => invalidateRecord(queryClient, leverageKeys, id, [systemKeys.counters()]),
    [queryClient],
  );
}

/** 'Update change leverage': errors stay in the modal (docs/product.md [messages]). */
export function useUpdateLeverage() {
  const invalidate = useInvalidateLeverage();
  return useMutation({
    mutationFn: async (body: LeverageUpdate) => ensureSuccess(await leverageApi.update(body)),
    meta: { errorNotice: false },
    onError: async (error, body) => {
      if (isConflict(error)) await invalidate(body._id);
    },
    onSuccess: async (reply, body) => {
      showSuccessNotice(reply.message || FALLBACK);
      await invalidate(body._id);
    },
  });
}

/**
 * The pending list's Approve: ask (docs/product.md [rules]), then approve and set the leverage on the
 * platform.
 */
export function useApproveLeverage() {
  const invalidate = useInvalidateLeverage();
  const { mutate, isPending, variables } = useMutation({
    mutationFn: async (change: LeverageChange) =>
      ensureSuccess(
        await leverageApi.process({ changeLeverageId: change._id, status: 'approved', comment: '' }),
      ),
    meta: { errorNotice: false },
    onSuccess: async (reply, change) => {
      showSuccessNotice(reply.message || FALLBACK);
      await invalidate(change._id);
    },
    onError: async (error, change) => {
      showErrorNotice(actionErrorMessage(error));
      if (isConflict(error)) await invalidate(change._id);
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
