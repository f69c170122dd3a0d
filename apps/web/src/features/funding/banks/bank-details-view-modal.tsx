import { Center, Loader, Modal } from '@mantine/core';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { useBankDetails } from './bank-queries.ts';
import { BankFieldsView } from './bank-fields-view.tsx';

/** The read-only Bank Details of a bank-wire withdrawal: its 'View' link (docs/product.md [screen.withdrawals]). */
export function BankDetailsViewModal({ bankId, onClose }: { bankId: string; onClose: () => void }) {
  const details = useBankDetails(bankId);
  return (
    <Modal opened onClose={onClose} title="Bank Details" size="lg" centered>
      {details.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : details.error || !details.data ? (
        <ErrorAlert errors={errorsOf(details.error)} />
      ) : (
        <BankFieldsView bank={details.data.bankAccount} client={details.data.user} />
      )}
    </Modal>
  );
}
