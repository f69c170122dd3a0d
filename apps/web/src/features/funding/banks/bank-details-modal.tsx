import type { BankDetailsResponse } from '@brokerdesk/contract';
import { Center, Group, Loader, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { BankDetailsForm } from './bank-details-form.tsx';
import { BankFieldsView } from './bank-fields-view.tsx';
import { useBankDetails } from './bank-queries.ts';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';

type Props = { bankId: string; onClose: () => void };

/**
 * A modal that loads one bank account afresh (its statement link is short-lived), waiting and failing in
 * its place, and shows it once loaded.
 */
function BankAccountModal({
  bankId,
  onClose,
  title,
  size,
  children,
}: Props & { title: ReactNode; size: string; children: (details: BankDetailsResponse) => ReactNode }) {
  const details = useBankDetails(bankId);
  return (
    <Modal opened onClose={onClose} title={title} size={size} centered>
      {details.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : details.error || !details.data ? (
        <ErrorAlert errors={errorsOf(details.error)} />
      ) : (
        children(details.data)
      )}
    </Modal>
  );
}

/** 'Bank details' (docs/product.md [screen.bank-accounts], [rule.bank-modal]): the account's form. */
export function BankDetailsModal({ bankId, onClose }: Props) {
  return (
    <BankAccountModal
      bankId={bankId}
      onClose={onClose}
      title={
        <Group gap="md">
          Bank details
          <EvidencePackButton subject="bankAccount" id={bankId} />
        </Group>
      }
      size="xl"
    >
      {/* Keyed by the account so a refetch (a new statement link) never resets what is being typed. */}
      {(details) => (
        <BankDetailsForm
          key={details.bankAccount._id}
          details={details}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </BankAccountModal>
  );
}

/** The read-only Bank Details of a bank-wire withdrawal (docs/product.md [screen.withdrawals] 'View'). */
export function BankDetailsViewModal({ bankId, onClose }: Props) {
  return (
    <BankAccountModal bankId={bankId} onClose={onClose} title="Bank Details" size="lg">
      {(details) => <BankFieldsView bank={details.bankAccount} client={details.user} />}
    </BankAccountModal>
  );
}
