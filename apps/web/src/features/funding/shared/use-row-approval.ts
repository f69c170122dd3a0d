import type { FundingType } from '@brokerdesk/contract';
import { useCallback } from 'react';
import { confirmAction } from '../../../shared/confirm-modal.tsx';
import type { FundingActionReply } from './funding-api.ts';
import { useFundingAction } from './funding-mutations.ts';

type Options<T> = {
  type: FundingType;
  /** The list button's call (adminProcessDeposit, …): approve and run the platform operation. */
  call: (row: T) => Promise<FundingActionReply>;
  /** docs/product.md [rule.approval-confirmations]. */
  question: string;
  fallbackMessage: string;
};

/**
 * A list's Approve button: ask first, then approve and process. Failures (409 already processed, …)
 * come as a notice with the server's words.
 */
export function useRowApproval<T extends { _id: string }>({
  type,
  call,
  question,
  fallbackMessage,
}: Options<T>) {
  const { mutate, isPending, variables } = useFundingAction({
    type,
    call,
    runsOnPlatform: () => true,
    fallbackMessage,
    errors: 'notice',
  });
  const approve = useCallback(
    async (row: T) => {
      if (await confirmAction({ message: question, confirmLabel: 'Approve' })) mutate(row);
    },
    [mutate, question],
  );
  return { approve, approvingId: isPending ? variables?._id : undefined };
}
