import { withdrawalTypeSchema, type Withdrawal } from '@brokerdesk/contract';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';
import { useFourEyes } from '../../approvals/use-four-eyes.tsx';
import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { formatAmount } from '../../../shared/formatters.ts';
import { UpdateModal } from '../../../shared/update-modal/index.ts';
import { fundingApi, type WithdrawalUpdate } from '../shared/funding-api.ts';
import { useRequestUpdate, type RequestModalProps } from '../shared/funding-mutations.ts';
import { modalStatus, withdrawalChoices } from '../shared/request-choices.ts';
import { isOpenRequest } from '../shared/request-state.ts';
import { clientLabel, RequestSummary } from '../shared/request-summary.tsx';
import { MoneyPictureSummary } from '../../evidence/money-picture-summary.tsx';
import { useAlertGate } from '../shared/alert-gate.tsx';
import { WITHDRAWAL_TYPE_OPTIONS, withdrawalCurrencyText } from './withdrawal-columns.tsx';
import { EpochTime } from '../../../shared/time-zone/index.ts';

type Props = RequestModalProps<Withdrawal>;

/**
 * 'Update withdrawal' (docs/product.md [screen.withdrawals], [rules]): the common fields plus 'Don't email
 * the client' and the withdrawal type. A rejection without a reason is an error notice here
 * (docs/product.md [rule.reject-reason]). One in the Error tab can be retried or rejected; a card-provider
 * one goes through the provider variant of the call.
 */
export function WithdrawalUpdateModal({ row: w, client, preset, approval, onClose }: Props) {
  const [dontEmailUser, setDontEmailUser] = useState(w.dontEmailUser);
  const [withdrawalType, setWithdrawalType] = useState(w.withdrawalType);
  const update = useRequestUpdate(
    'withdrawal',
    (body: WithdrawalUpdate) => fundingApi.updateWithdrawal(body, w.providerHandled),
    'Withdrawal updated.',
  );
  const fourEyes = useFourEyes(modalStatus(withdrawalChoices(w), w.status, preset), approval);
  const gate = useAlertGate('withdrawal', w, update.error);
  // The type and the email choice belong to the decision on an open request.
  const open = isOpenRequest('withdrawal', w.status);

  return (
    <UpdateModal
      title="Update withdrawal"
      kind="withdrawal"
      footerStart={<EvidencePackButton subject="withdrawal" id={w._id} />}
      rejectAlert="notice"
      {...gate.select(fourEyes.select)}
      childFieldKeys={['alertNote']}
      initialComment={w.comment}
      dealAmount={{
        initial: w.withdrawalAmount,
        currency: w.withdrawalCurrency,
        errorKey: 'withdrawalAmount',
      }}
      details={fourEyes.details(
        <>
          {gate.panel}
          <MoneyPictureSummary userId={w.userId} withdrawalId={w._id} />
          <RequestSummary
            items={[
              { label: 'Client', value: clientLabel(client, w.userId) },
              { label: 'Trading account', value: w.accountNumber },
              { label: 'Amount', value: `${formatAmount(w.withdrawalAmount)} ${withdrawalCurrencyText(w)}` },
              { label: 'Gateway', value: w.gateway },
              { label: 'Payment method', value: w.withdrawalPaymentName },
              { label: 'Requested', value: <EpochTime seconds={w.timestamp} /> },
              { label: 'Transaction ID', value: w.requestId },
              { label: 'Status', value: w.status },
              { label: 'MT status', value: w.MTStatus },
              ...(w.providerHandled
                ? [
                    { label: 'Provider order', value: w.providerOrderId },
                    { label: 'Order status', value: w.providerStatus },
                    { label: 'Payout status', value: w.providerPayoutStatus },
                  ]
                : []),
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
            _id: w._id,
            status: values.status,
            comment: values.comment,
            dontEmailUser,
            modifyDealAmount: values.modifyDealAmount,
            withdrawalAmount: values.dealAmount,
            withdrawalType,
            ...choice,
          },
          { onSuccess: onClose },
        );
      }}
      onClose={onClose}
    >
      {gate.fields}
      <SimpleGrid cols={2} spacing="md">
        <Select
          label="Withdrawal type"
          data={WITHDRAWAL_TYPE_OPTIONS}
          value={withdrawalType}
          onChange={(value) => {
            const next = withdrawalTypeSchema.safeParse(value);
            if (next.success) setWithdrawalType(next.data);
          }}
          allowDeselect={false}
          disabled={!open}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          mt={30}
          label="Don't email the client"
          checked={dontEmailUser}
          onChange={(event) => setDontEmailUser(event.currentTarget.checked)}
          disabled={!open && fourEyes.select.options.length === 0}
        />
      </SimpleGrid>
    </UpdateModal>
  );
}
