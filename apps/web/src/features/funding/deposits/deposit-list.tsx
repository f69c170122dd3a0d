import { MESSAGES, PAGE_SIZES, type Deposit, type FundingTab } from '@brokerdesk/contract';
import { fundingApi } from '../shared/funding-api.ts';
import { isDeposit } from '../shared/funding-rows.ts';
import { depositTabColumns } from '../shared/funding-tabs.ts';
import { RequestList, requestListDefaults, type RequestListConfig } from '../shared/request-list.tsx';
import { DEPOSIT_FILTER_TYPES, DEPOSIT_SORT_FIELDS, depositColumns } from './deposit-columns.tsx';
import { DepositUpdateModal } from './deposit-update-modal.tsx';

/**
 * docs/product.md [const.page-sizes]: 50 or 100 rows, newest first; on Historical requests the URL keys start
 * with 'dep.'.
 */
const defaultsFor = (prefix?: string) =>
  requestListDefaults(PAGE_SIZES.deposits, DEPOSIT_SORT_FIELDS, DEPOSIT_FILTER_TYPES, prefix);

const DEPOSITS: RequestListConfig<Deposit> = {
  type: 'deposit',
  label: 'Deposits',
  emptyText: 'No deposits.',
  // Every column shows on a wide screen. A narrow one leaves out the gateway and payment method first;
  // a decided tab keeps who decided when and how it ended, and the transaction id staff look rows up by.
  columnDefaults: (tab) => ({
    hidden:
      tab === 'pending' || tab === 'incomplete'
        ? ['paymentGatewayService', 'depositPaymentName', 'accountNumber']
        : ['paymentGatewayService', 'depositPaymentName', 'accountNumber', 'timestamp', 'adminId'],
    keep: ['client', 'depositAmountSent'],
  }),
  decidedSort: 'timeApproved',
  defaults: { own: defaultsFor(), inTabs: defaultsFor('dep') },
  filterTypes: DEPOSIT_FILTER_TYPES,
  pick: isDeposit,
  showsApprovers: (tab) => depositTabColumns(tab).approval,
  columns: (tab, ctx) => depositColumns({ tab, ...ctx }),
  approval: {
    call: (deposit) => fundingApi.processDeposit(deposit._id),
    question: MESSAGES.approveDeposit,
    fallbackMessage: 'Deposit updated.',
  },
  legend: {
    tones: ['approved', 'checking', 'rejected', 'failed'],
    hint: 'Double-click a row to update the deposit; one whose credit failed (bright red) can be retried there.',
  },
  editor: DepositUpdateModal,
};

type Props = { status: FundingTab; inTabs?: boolean };

/** A deposit list of one status tab, with its Reject/Approve buttons and the update modal. */
export function DepositList({ status, inTabs = false }: Props) {
  return <RequestList config={DEPOSITS} status={status} inTabs={inTabs} />;
}
