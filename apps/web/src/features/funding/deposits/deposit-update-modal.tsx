import type { Deposit, LookupClient } from '@brokerdesk/contract';
import { formatAmount, formatEpoch, fullName } from '../../../shared/formatters.ts';
import { ALL_UPDATE_STATUSES, UpdateModal, updateStatusOptions } from '../../../shared/update-modal/index.ts';
import { fundingApi, type DepositUpdate } from '../shared/funding-api.ts';
import { useFundingAction } from '../shared/funding-mutations.ts';
import { RequestSummary } from '../shared/request-summary.tsx';
import { closedReason, initialStatusOf, isOpenRequest } from '../shared/request-state.ts';

const OPTIONS = updateStatusOptions(ALL_UPDATE_STATUSES);

type Props = {
  deposit: Deposit;
  client: LookupClient | undefined;
  /** 'rejected' when opened by the list's Reject button. */
  preset?: 'rejected';
  onClose: () => void;
};

/** 'Update deposit' (SPEC 2.16, 5): Approve & process credits the account; Set as approved does not. */
export function DepositUpdateModal({ deposit, client, preset, onClose }: Props) {
  const update = useFundingAction({
    type: 'deposit',
    call: (body: DepositUpdate) => fundingApi.updateDeposit(body),
    runsOnPlatform: (body) => body.status === 'approve_process',
    fallbackMessage: 'Deposit updated.',
    errors: 'modal',
  });
  const open = isOpenRequest('deposit', deposit.status);

  return (
    <UpdateModal
      title="Update deposit"
      kind="deposit"
      options={OPTIONS}
      initialStatus={open ? initialStatusOf(preset, deposit.status, OPTIONS) : deposit.status}
      initialComment={deposit.comment}
      readOnlyReason={open ? undefined : closedReason('deposit', deposit.status)}
      dealAmount={{
        initial: deposit.depositAmountSent,
        currency: deposit.depositCurrency,
        errorKey: 'depositAmountSent',
      }}
      details={
        <RequestSummary
          items={[
            { label: 'Client', value: client ? fullName(client.name, client.surname) : deposit.userId },
            { label: 'Account', value: deposit.accountNumber },
            {
              label: 'Amount',
              value: `${formatAmount(deposit.depositAmountSent)} ${deposit.depositCurrency}`,
            },
            { label: 'Gateway', value: deposit.paymentGatewayService },
            { label: 'Payment method', value: deposit.depositPaymentName },
            { label: 'Requested', value: formatEpoch(deposit.timestamp) },
            { label: 'Transaction ID', value: deposit.transactionId },
            { label: 'Status', value: deposit.status },
            { label: 'MT status', value: deposit.MTStatus },
          ]}
        />
      }
      busy={update.isPending}
      error={update.error}
      onSubmit={(values) =>
        update.mutate(
          {
            _id: deposit._id,
            status: values.status,
            comment: values.comment,
            modifyDealAmount: values.modifyDealAmount,
            depositAmountSent: values.dealAmount,
          },
          { onSuccess: onClose },
        )
      }
      onClose={onClose}
    />
  );
}
