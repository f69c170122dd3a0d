import { MESSAGES, PAGE_SIZES, type FundingTab, type Withdrawal } from '@brokerdesk/contract';
import { useMemo, useState } from 'react';
import { BankDetailsViewModal } from '../banks/bank-details-modal.tsx';
import { fundingApi } from '../shared/funding-api.ts';
import { isWithdrawal } from '../shared/funding-rows.ts';
import { withdrawalTabColumns } from '../shared/funding-tabs.ts';
import { RequestList, requestListDefaults, type RequestListConfig } from '../shared/request-list.tsx';
import { OrdersTable } from './orders-table.tsx';
import { WITHDRAWAL_FILTER_TYPES, WITHDRAWAL_SORT_FIELDS, withdrawalColumns } from './withdrawal-columns.tsx';
import { WithdrawalUpdateModal } from './withdrawal-update-modal.tsx';

/**
 * docs/product.md [const.page-sizes]: 10, 50 or 100 rows, 10 at first, newest first; on Historical requests
 * keys start with 'wd.'.
 */
const defaultsFor = (prefix?: string) =>
  requestListDefaults(PAGE_SIZES.withdrawals, WITHDRAWAL_SORT_FIELDS, WITHDRAWAL_FILTER_TYPES, prefix);
const DEFAULTS = { own: defaultsFor(), inTabs: defaultsFor('wd') };

/**
 * Every column shows on a wide screen. A narrow one leaves out the gateway and payment method first;
 * decided tabs keep who decided and how it ended, open ones where the money goes. Every tab keeps the
 * transaction id staff look rows up by.
 */
const WITHDRAWAL_COLUMN_DEFAULTS = (tab: FundingTab) => ({
  hidden:
    tab === 'historical' || tab === 'error'
      ? ['gateway', 'withdrawalPaymentName', 'withdrawalType', 'accountNumber', 'adminId', 'timestamp']
      : ['gateway', 'withdrawalPaymentName', 'accountNumber'],
  keep: ['client', 'withdrawalAmount'],
});

type Props = {
  status: FundingTab;
  /** On a screen with several lists (Historical requests), the URL keys get a prefix. */
  inTabs?: boolean;
  /** The second table 'Orders' (docs/product.md [screen.withdrawals]), on the Withdrawal requests screen. */
  withOrders?: boolean;
};

/** A withdrawal list of one status tab: buttons, bank 'View', the update modal and the Orders table. */
export function WithdrawalList({ status, inTabs = false, withOrders = false }: Props) {
  const [bankId, setBankId] = useState<string | null>(null);
  const config = useMemo<RequestListConfig<Withdrawal>>(
    () => ({
      type: 'withdrawal',
      label: 'Withdrawals',
      emptyText: 'No withdrawals.',
      columnDefaults: WITHDRAWAL_COLUMN_DEFAULTS,
      defaults: DEFAULTS,
      decidedSort: 'timeApproved',
      filterTypes: WITHDRAWAL_FILTER_TYPES,
      pick: isWithdrawal,
      showsApprovers: (tab) => withdrawalTabColumns(tab).approval,
      columns: (tab, ctx) => withdrawalColumns({ tab, ...ctx, onViewBank: setBankId }),
      approval: {
        call: (w) => fundingApi.processWithdrawal(w),
        question: MESSAGES.approveWithdrawal,
        fallbackMessage: 'Withdrawal updated.',
      },
      legend: {
        tones: ['approved', 'providerPending', 'checking', 'rejected', 'failed'],
        hint: 'Double-click a row to update the withdrawal; one in the Error tab can be retried there.',
      },
      editor: WithdrawalUpdateModal,
    }),
    [],
  );

  return (
    <>
      <RequestList config={config} status={status} inTabs={inTabs} />
      {withOrders && <OrdersTable />}
      {bankId && <BankDetailsViewModal bankId={bankId} onClose={() => setBankId(null)} />}
    </>
  );
}
