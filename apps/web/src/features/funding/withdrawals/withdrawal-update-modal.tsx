import { withdrawalTypeSchema, type Withdrawal } from '@brokerdesk/contract';
import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { formatAmount } from '../../../shared/formatters.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';
import { fundingApi } from '../shared/funding-api.ts';
import type { RequestModalProps } from '../shared/funding-mutations.ts';
import { withdrawalChoices } from '../shared/request-choices.ts';
import { isOpenRequest } from '../shared/request-state.ts';
import { RequestUpdateModal } from '../shared/request-update-modal.tsx';
import { WITHDRAWAL_TYPE_OPTIONS, withdrawalCurrencyText } from './withdrawal-columns.tsx';

type Props = RequestModalProps<Withdrawal>;

/**
 * 'Update withdrawal' (docs/product.md [screen.withdrawals], [rules]): the common fields plus 'Don't email
 * the client' and the withdrawal type. A rejection without a reason is an error notice here
 * (docs/product.md [rule.reject-reason]). One in the Error tab can be retried or rejected; a card-provider
 * one goes through the provider variant of the call.
 */
export function WithdrawalUpdateModal(props: Props) {
  const { row: w } = props;
  const [dontEmailUser, setDontEmailUser] = useState(w.dontEmailUser);
  const [withdrawalType, setWithdrawalType] = useState(w.withdrawalType);
  // The type and the email choice belong to the decision on an open request.
  const open = isOpenRequest('withdrawal', w.status);

  return (
    <RequestUpdateModal
      {...props}
      type="withdrawal"
      choices={withdrawalChoices(w)}
      call={(body) => fundingApi.updateWithdrawal(body, w.providerHandled)}
      rejectAlert="notice"
      dealAmount={{
        initial: w.withdrawalAmount,
        currency: w.withdrawalCurrency,
        errorKey: 'withdrawalAmount',
      }}
      summary={[
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
      extraBody={(values) => ({
        dontEmailUser,
        modifyDealAmount: values.modifyDealAmount,
        withdrawalAmount: values.dealAmount,
        withdrawalType,
      })}
      extraFields={(canChoose) => (
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
            disabled={!open && !canChoose}
          />
        </SimpleGrid>
      )}
    />
  );
}
