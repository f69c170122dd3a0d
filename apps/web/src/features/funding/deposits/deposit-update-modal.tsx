import type { Deposit } from '@brokerdesk/contract';
import { formatAmount } from '../../../shared/formatters.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';
import { fundingApi } from '../shared/funding-api.ts';
import type { RequestModalProps } from '../shared/funding-mutations.ts';
import { depositChoices } from '../shared/request-choices.ts';
import { RequestUpdateModal } from '../shared/request-update-modal.tsx';

type Props = RequestModalProps<Deposit>;

/**
 * 'Update deposit' (docs/product.md [screen.deposits], [rules]): Approve & process credits the account; Set
 * as approved does not. A deposit whose credit the platform refused can be retried or rejected here.
 */
export function DepositUpdateModal(props: Props) {
  const { row: d } = props;
  return (
    <RequestUpdateModal
      {...props}
      type="deposit"
      choices={depositChoices(d)}
      call={(body) => fundingApi.updateDeposit(body)}
      dealAmount={{
        initial: d.depositAmountSent,
        currency: d.depositCurrency,
        errorKey: 'depositAmountSent',
      }}
      summary={[
        { label: 'Account', value: d.accountNumber },
        { label: 'Amount', value: `${formatAmount(d.depositAmountSent)} ${d.depositCurrency}` },
        { label: 'Gateway', value: d.paymentGatewayService },
        { label: 'Payment method', value: d.depositPaymentName },
        { label: 'Requested', value: <EpochTime seconds={d.timestamp} /> },
        { label: 'Transaction ID', value: d.transactionId },
        { label: 'Status', value: d.status },
        { label: 'MT status', value: d.MTStatus },
      ]}
      extraBody={(values) => ({
        modifyDealAmount: values.modifyDealAmount,
        depositAmountSent: values.dealAmount,
      })}
    />
  );
}
