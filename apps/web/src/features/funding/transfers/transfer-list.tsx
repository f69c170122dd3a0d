import { MESSAGES, PAGE_SIZES, type FundingTab, type Transfer } from '@brokerdesk/contract';
import { fundingApi } from '../shared/funding-api.ts';
import { isTransfer } from '../shared/funding-rows.ts';
import { RequestList, requestListDefaults, type RequestListConfig } from '../shared/request-list.tsx';
import { TRANSFER_FILTER_TYPES, TRANSFER_SORT_FIELDS, transferColumns } from './transfer-columns.tsx';
import { TransferUpdateModal } from './transfer-update-modal.tsx';

/**
 * docs/product.md [const.page-sizes]: 50 or 100 rows, newest first; on Historical requests the URL keys start
 * with 'tr.'.
 */
const defaultsFor = (prefix?: string) =>
  requestListDefaults(PAGE_SIZES.transfers, TRANSFER_SORT_FIELDS, TRANSFER_FILTER_TYPES, prefix);

const TRANSFERS: RequestListConfig<Transfer> = {
  type: 'transfer',
  label: 'Internal transfers',
  emptyText: 'No transfers.',
  // A narrow screen leaves out the platform legs' statuses first (a pending transfer has none yet).
  columnDefaults: () => ({
    hidden: ['sourceMTStatus', 'destinationMTStatus', 'timestamp'],
    keep: ['sourceAccount', 'destinationAccount', 'transferAmount'],
  }),
  decidedSort: 'timeDecided',
  defaults: { own: defaultsFor(), inTabs: defaultsFor('tr') },
  filterTypes: TRANSFER_FILTER_TYPES,
  pick: isTransfer,
  showsApprovers: () => false,
  columns: (tab, ctx) => transferColumns({ tab, ...ctx }),
  approval: {
    call: (t) => fundingApi.processTransfer(t._id),
    question: MESSAGES.approveTransfer,
    fallbackMessage: 'Transfer updated.',
  },
  legend: {
    tones: ['approved', 'checking', 'rejected', 'failed'],
    hint: 'Double-click a row to update the transfer; a half-done (bright red) one can be completed, reversed or closed there.',
  },
  editor: TransferUpdateModal,
};

type Props = { status: FundingTab; inTabs?: boolean };

/** A transfer list of one status tab, with Reject/Approve on pending and the update modal. */
export function TransferList({ status, inTabs = false }: Props) {
  return <RequestList config={TRANSFERS} status={status} inTabs={inTabs} />;
}
