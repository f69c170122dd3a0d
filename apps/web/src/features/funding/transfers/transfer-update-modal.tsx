import type { Transfer } from '@brokerdesk/contract';
import { formatAmount } from '../../../shared/formatters.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';
import { fundingApi } from '../shared/funding-api.ts';
import type { RequestModalProps } from '../shared/funding-mutations.ts';
import { RequestUpdateModal } from '../shared/request-update-modal.tsx';
import { halfDoneState, transferChoices, transferLockReason } from './transfer-rules.ts';

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
export function TransferUpdateModal(props: Props) {
  const { row: t } = props;
  const half = halfDoneState(t);
  return (
    <RequestUpdateModal
      {...props}
      type="transfer"
      choices={{ options: transferChoices(t), lockReason: transferLockReason(t) }}
      call={(body) => fundingApi.updateTransfer(body)}
      summary={[
        { label: 'From account', value: `${t.sourceAccount} (${t.sourceAccountPlatform})` },
        { label: 'To account', value: `${t.destinationAccount} (${t.destinationAccountPlatform})` },
        { label: 'Amount', value: `${formatAmount(t.transferAmount)} ${t.transferCurrency}` },
        { label: 'Requested', value: <EpochTime seconds={t.timestamp} /> },
        { label: 'Status', value: t.status },
        { label: 'Withdrawn status', value: t.sourceMTStatus },
        { label: 'Deposited status', value: t.destinationMTStatus },
        ...(half ? [{ label: 'Half-done', value: HALF_DONE_NOTES[half] }] : []),
      ]}
      extraBody={() => ({})}
    />
  );
}
