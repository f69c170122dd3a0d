import { BULK_REASON_RULES, MESSAGES, type BankAccount, type BulkAction } from '@brokerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { sendBulk } from '../../../shared/bulk/bulk-api.ts';
import { BULK_COPY } from '../../../shared/bulk/bulk-copy.ts';
import { BulkReasonModal } from '../../../shared/bulk/bulk-reason-modal.tsx';
import { confirmAction } from '../../../shared/confirm-modal.tsx';
import { invalidateRecord } from '../../../shared/invalidate-record.ts';
import { showErrorNotice, showSuccessNotice } from '../../../shared/notify.ts';
import { systemKeys } from '../../../shared/query-keys.ts';
import { bankKeys } from '../shared/funding-keys.ts';

type Decision = { bank: BankAccount; action: BulkAction; reason: string };

const DONE: Record<BulkAction, string> = {
  approve: 'Bank account approved.',
  reject: 'Bank account declined.',
};

export type BankDecision = {
  approve: (bank: BankAccount) => void;
  decline: (bank: BankAccount) => void;
  /** The account whose decision is on its way. */
  decidingId: string | undefined;
  /** The reason a decline asks for. */
  reasonModal: ReactNode;
};

/**
 * Approve and Decline on a pending bank account's row, with the rules of the modal's status change:
 * approving asks first, declining needs a reason. One row goes through the server's bulk call, which
 * applies the same checks as deciding the account alone.
 */
export function useBankDecision(describe: (bank: BankAccount) => string): BankDecision {
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState<BankAccount | null>(null);
  const { mutate, isPending, variables } = useMutation({
    mutationFn: async ({ bank, action, reason }: Decision) => {
      const [result] = await sendBulk('bankAccount', { action, ids: [bank._id], reason });
      if (!result?.ok) throw new Error(result?.error ?? MESSAGES.somethingWrong);
      return result.message ?? DONE[action];
    },
    meta: { errorNotice: false },
    onSuccess: (message) => showSuccessNotice(message),
    onError: (error) => showErrorNotice(error.message),
    onSettled: (_message, _error, { bank }) =>
      invalidateRecord(queryClient, bankKeys, bank._id, [systemKeys.counters()]),
  });
  const approve = useCallback(
    (bank: BankAccount) =>
      void confirmAction({ message: BULK_COPY.bankAccount.single, confirmLabel: 'Approve' }).then(
        (sure) => sure && mutate({ bank, action: 'approve', reason: '' }),
      ),
    [mutate],
  );
  const reasonModal = declining && (
    <BulkReasonModal
      title="Decline bank account"
      intro={`Decline the bank account of ${describe(declining)}.`}
      label="Reason"
      required={BULK_REASON_RULES.bankAccount.reject}
      confirmLabel="Decline"
      danger
      onCancel={() => setDeclining(null)}
      onConfirm={(reason) => {
        setDeclining(null);
        mutate({ bank: declining, action: 'reject', reason });
      }}
    />
  );
  return {
    approve,
    decline: setDeclining,
    decidingId: isPending ? variables?.bank._id : undefined,
    reasonModal,
  };
}
