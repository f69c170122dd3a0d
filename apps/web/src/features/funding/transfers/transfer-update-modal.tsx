import type { Transfer } from '@brokerdesk/contract';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';
import { useFourEyes } from '../../approvals/use-four-eyes.tsx';
import { formatAmount } from '../../../shared/formatters.ts';
import { UpdateModal } from '../../../shared/update-modal/index.ts';
import { fundingApi, type TransferUpdate } from '../shared/funding-api.ts';
import { useRequestUpdate, type RequestModalProps } from '../shared/funding-mutations.ts';
import { modalStatus } from '../shared/request-choices.ts';
import { clientLabel, RequestSummary } from '../shared/request-summary.tsx';
import { MoneyPictureSummary } from '../../evidence/money-picture-summary.tsx';
import { useAlertGate } from '../shared/alert-gate.tsx';
import { halfDoneState, transferChoices, transferLockReason } from './transfer-rules.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';

type Props = RequestModalProps<Transfer>;

const HALF_DONE_NOTES = {
  sourceFailed: 'The debit of the source account failed: no money has moved.',
  creditFailed: 'The source account was debited but the credit failed: the money is in between.',
} as const;

/**
 * 'Update transfer' (docs/product.md [screen.transfers]): decide a pending transfer, or complete or reverse a
 * half-done one (docs/product.md [money]), or close one whose debit was refused. Every choice but 'pending',
 * 'Reject' and 'Set as approved' moves money.
 */
export function TransferUpdateModal({ row: t, client, preset, approval, onClose }: Props) {
  const update = useRequestUpdate(
    'transfer',
    (body: TransferUpdate) => fundingApi.updateTransfer(body),
    'Transfer updated.',
  );
  const fourEyes = useFourEyes(
    modalStatus({ options: transferChoices(t), lockReason: transferLockReason(t) }, t.status, preset),
    approval,
  );
  const gate = useAlertGate('transfer', t, update.error);
  const half = halfDoneState(t);

  return (
    <UpdateModal
      title="Update transfer"
      kind="transfer"
      footerStart={<EvidencePackButton subject="transfer" id={t._id} />}
      {...gate.select(fourEyes.select)}
      childFieldKeys={['alertNote']}
      initialComment={t.comment}
      details={fourEyes.details(
        <>
          {gate.panel}
          <MoneyPictureSummary userId={t.userId} />
          <RequestSummary
            items={[
              { label: 'Client', value: clientLabel(client, t.userId) },
              { label: 'From account', value: `${t.sourceAccount} (${t.sourceAccountPlatform})` },
              { label: 'To account', value: `${t.destinationAccount} (${t.destinationAccountPlatform})` },
              { label: 'Amount', value: `${formatAmount(t.transferAmount)} ${t.transferCurrency}` },
              { label: 'Requested', value: <EpochTime seconds={t.timestamp} /> },
              { label: 'Status', value: t.status },
              { label: 'Withdrawn status', value: t.sourceMTStatus },
              { label: 'Deposited status', value: t.destinationMTStatus },
              ...(half ? [{ label: 'Half-done', value: HALF_DONE_NOTES[half] }] : []),
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
          { _id: t._id, status: values.status, comment: values.comment, ...choice },
          { onSuccess: onClose },
        );
      }}
      onClose={onClose}
    >
      {gate.fields}
    </UpdateModal>
  );
}
