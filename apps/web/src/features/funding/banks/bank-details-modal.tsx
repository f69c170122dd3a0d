import type { BankDetailsResponse } from '@brokerdesk/contract';
import { Center, Loader, Modal } from '@mantine/core';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { BankDetailsForm } from './bank-details-form.tsx';
import { useBankDetails } from './bank-queries.ts';

type Props = { bankId: string; onClose: () => void };

/**
 * 'Bank details' (docs/product.md [screen.bank-accounts], [rule.bank-modal]): loads the account afresh (its
 * statement link is short-lived), then the form.
 */
export function BankDetailsModal({ bankId, onClose }: Props) {
  const details = useBankDetails(bankId);
  return (
    <Modal opened onClose={onClose} title="Bank details" size="xl" centered>
      {details.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : details.error || !details.data ? (
        <ErrorAlert errors={errorsOf(details.error)} />
      ) : (
        <LoadedForm details={details.data} onClose={onClose} />
      )}
    </Modal>
  );
}

/** Keyed by the account so a refetch (a new statement link) never resets what is being typed. */
function LoadedForm({ details, onClose }: { details: BankDetailsResponse; onClose: () => void }) {
  return (
    <BankDetailsForm key={details.bankAccount._id} details={details} onDone={onClose} onCancel={onClose} />
  );
}
