import { REQUEST_KIND_WIRES, type FundingTab } from '@brokerdesk/contract';

/** A status tab: the route's :status and the label on the tab. */
export type StatusTab<S extends string = string> = { value: S; label: string };

/** Tab labels are the status in capitals, as the spec writes DEPOSITS or PENDING. */
export function tabsOf<const S extends string>(statuses: readonly S[]): StatusTab<S>[] {
  return statuses.map((value) => ({ value, label: value.toUpperCase() }));
}

// Each kind's tabs as its definition gives them (packages/contract/src/request-kinds.ts).
export const DEPOSIT_TABS = tabsOf(REQUEST_KIND_WIRES.deposit.tabs);
export const WITHDRAWAL_TABS = tabsOf(REQUEST_KIND_WIRES.withdrawal.tabs);
export const TRANSFER_TABS = tabsOf(REQUEST_KIND_WIRES.transfer.tabs);

/**
 * Which optional columns a request list shows on a tab (docs/product.md [screen.transfers],
 * [screen.withdrawals], [screen.deposits]).
 */
export type TabColumns = {
  /** Reject and Approve buttons. */
  actions: boolean;
  /** Approved time and approved by. */
  approval: boolean;
  /** Transaction details (withdrawals). */
  details: boolean;
  /**
   * The request status and its MT status. Tabs that mix statuses need it; a one-status tab says it
   * already (our addition: the spec's lists leave the historical status to the row colour).
   */
  status: boolean;
};

const NONE: TabColumns = { actions: false, approval: false, details: false, status: false };

/** Deposits: Incomplete adds Reject/Approve; tabs other than pending and incomplete add the approval. */
export function depositTabColumns(tab: FundingTab): TabColumns {
  const open = tab === 'pending' || tab === 'incomplete';
  return { ...NONE, actions: tab === 'incomplete', approval: !open, status: !open };
}

/** Withdrawals: Pending adds details and Reject/Approve; Historical and Error add details and approval. */
export function withdrawalTabColumns(tab: FundingTab): TabColumns {
  if (tab === 'pending') return { ...NONE, actions: true, details: true };
  if (tab === 'historical' || tab === 'error')
    return { ...NONE, details: true, approval: true, status: true };
  return NONE;
}

/** Transfers: Pending has Reject/Approve; the historical view (all decided transfers) shows the status. */
export function transferTabColumns(tab: FundingTab): TabColumns {
  return { ...NONE, actions: tab === 'pending', status: tab === 'historical' };
}
