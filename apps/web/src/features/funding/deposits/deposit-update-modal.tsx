import type { Deposit } from '@brokerdesk/contract';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';
import { useFourEyes } from '../../approvals/use-four-eyes.tsx';
import { formatAmount } from '../../../shared/formatters.ts';
import { UpdateModal } from '../../../shared/update-modal/index.ts';
import { fundingApi, type DepositUpdate } from '../shared/funding-api.ts';
import { useRequestUpdate, type RequestModalProps } from '../shared/funding-mutations.ts';
import { clientLabel, RequestSummary } from '../shared/request-summary.tsx';
import { MoneyPictureSummary } from '../../evidence/money-picture-summary.tsx';
import { useAlertGate } from '../shared/alert-gate.tsx';
import { depositChoices, modalStatus } from '../shared/request-choices.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';

type Props = RequestModalProps<Deposit>;

/**
 * 'Update deposit' (docs/product.md [screen.deposits], [rules]): Approve & process credits the account; Set
 * as approved does not. A deposit whose credit the platform refused can be retried or rejected here.
 */
export function DepositUpdateModal({ row: d, client, preset, approval, onClose }: Props) {
  const update = useRequestUpdate(
    'deposit',
    (body: DepositUpdate) => fundingApi.updateDeposit(body),
    'Deposit updated.',
  );
  const fourEyes = useFourEyes(modalStatus(depositChoices(d), d.status, preset), approval);
  const gate = useAlertGate('deposit', d, update.error);

  return (
    <UpdateModal
      title="Update deposit"
      kind="deposit"
      footerStart={<EvidencePackButton subject="deposit" id={d._id} />}
      {...gate.select(fourEyes.select)}
      childFieldKeys={['alertNote']}
      initialComment={d.comment}
      dealAmount={{
        initial: d.depositAmountSent,
        currency: d.depositCurrency,
        errorKey: 'depositAmountSent',
      }}
      details={fourEyes.details(
        <>
          {gate.panel}
          <MoneyPictureSummary userId={d.userId} />
          <RequestSummary
            items={[
              { label: 'Client', value: clientLabel(client, d.userId) },
              { label: 'Account', value: d.accountNumber },
              { label: 'Amount', value: `${formatAmount(d.depositAmountSent)} ${d.depositCurrency}` },
              { label: 'Gateway', value: d.paymentGatewayService },
              { label: 'Payment method', value: d.depositPaymentName },
              { label: 'Requested', value: <EpochTime seconds={d.timestamp} /> },
              { label: 'Transaction ID', value: d.transactionId },
              { label: 'Status', value: d.status },
              { label: 'MT status', value: d.MTStatus },
            ]}
          />
        </>,
      )}
      busy={update.isPending}
      error={update.error}
      onSubmit={(values) => {
        const choice = gate.choice(values.status);
        if (!choice) return;
        update.mutate(
          {
            _id: d._id,
            status: values.status,
            comment: values.comment,
            modifyDealAmount: values.modifyDealAmount,
            depositAmountSent: values.dealAmount,
            ...choice,
          },
          { onSuccess: onClose },
        );
      }}
      onClose={onClose}
    >
      {gate.fields}
    </UpdateModal>
  );
}
