import { MESSAGES } from './messages.ts';
import { IB_MESSAGES } from './partners.ts';
import { FUNDING_TABS } from './funding.ts';
import { LEVERAGE_LIST_STATUSES } from './accounts.ts';
import { bankAccountStatusSchema } from './entities.ts';

/**
 * The wire half of a request kind: what the server enforces and the screens show about the requests
 * staff decide (deposits, withdrawals, transfers, bank details, leverage changes, sub-account and IB
 * requests). The server's half (its table, the decision and its platform work) is
 * apps/server/src/features/requests/kind.ts; docs/architecture.md "Add a request kind".
 */
export type RequestKindWire = {
  /** The kind's key: bulk calls, exports and the screens name it so. */
  name: string;
  /** How one is named in refusals: "This <label> is already approved." */
  label: string;
  /** The statuses a decision may still change: the list tabs with Approve and Reject. */
  open: readonly string[];
  /**
   * The list's status tabs in the order the screen shows them (each its route's :status; any other is
   * Not found). Absent: one list without tabs.
   */
  tabs?: readonly string[];
  /** A decision's comment: the words that refuse a rejection without one (and an approval, where needed). */
  reasons: { reject: string; approve?: string };
  /** The sidebar counter of the requests still to decide (a row of menu_counters). */
  counter: string;
  /** The live topic its changes are announced on: the name of its table. */
  topic: string;
  /**
   * The name its list's CSV export is asked by (exportListRequest.list), when the kind exports a list of
   * its own. Deposits, withdrawals and transfers share the funding list and its export.
   */
  exportList?: string;
};

/** One kind's wire definition, checked for shape and kept literal (its name and statuses as types). */
export function defineRequestKindWire<const K extends RequestKindWire>(kind: K): K {
  return kind;
}

export const REQUEST_KIND_WIRES = {
  deposit: defineRequestKindWire({
    name: 'deposit',
    label: 'deposit',
    open: ['pending', 'incomplete'],
    tabs: FUNDING_TABS.deposit,
    reasons: { reject: MESSAGES.rejectWithoutReason('deposit') },
    counter: 'newDeposits',
    topic: 'deposits',
  }),
  withdrawal: defineRequestKindWire({
    name: 'withdrawal',
    label: 'withdrawal',
    open: ['pending', 'incomplete'],
    tabs: FUNDING_TABS.withdrawal,
    reasons: { reject: MESSAGES.rejectWithoutReason('withdrawal') },
    counter: 'newWithdrawals',
    topic: 'withdrawals',
  }),
  transfer: defineRequestKindWire({
    name: 'transfer',
    label: 'transfer',
    open: ['pending'],
    tabs: FUNDING_TABS.transfer,
    reasons: { reject: MESSAGES.rejectWithoutReason('transfer') },
    counter: 'newTransfers',
    topic: 'transfers',
  }),
  bankAccount: defineRequestKindWire({
    name: 'bankAccount',
    label: 'bank account',
    open: ['pending'],
    tabs: bankAccountStatusSchema.options,
    reasons: { reject: MESSAGES.rejectWithoutReason('account') },
    counter: 'newBankDetails',
    topic: 'bank_accounts',
    exportList: 'bank-accounts',
  }),
  leverage: defineRequestKindWire({
    name: 'leverage',
    label: 'leverage change',
    open: ['pending'],
    tabs: LEVERAGE_LIST_STATUSES,
    reasons: { reject: MESSAGES.rejectWithoutReason('leverage change') },
    counter: 'newChangeLeverages',
    topic: 'leverage_changes',
    exportList: 'leverage-changes',
  }),
  subAccount: defineRequestKindWire({
    name: 'subAccount',
    label: 'request',
    open: ['pending'],
    tabs: ['pending', 'approved', 'rejected'] as const,
    reasons: { reject: MESSAGES.rejectWithoutReason('account') },
    counter: 'newSubAccounts',
    topic: 'sub_account_requests',
    exportList: 'sub-account-requests',
  }),
  // Staff approve or reject an IB request with a comment either way; 'error' is an approval that
  // failed and may be decided again.
  ibRequest: defineRequestKindWire({
    name: 'ibRequest',
    label: 'IB request',
    open: ['pending', 'error'],
    reasons: { reject: IB_MESSAGES.commentRequired, approve: IB_MESSAGES.commentRequired },
    counter: 'newIntroducerRequests',
    topic: 'ib_requests',
    exportList: 'ib-requests',
  }),
} as const;

export type RequestKindName = keyof typeof REQUEST_KIND_WIRES;

type KindWire = (typeof REQUEST_KIND_WIRES)[RequestKindName];
/** The live topics of the kinds (their tables' names). */
export const REQUEST_KIND_TOPICS = Object.values(REQUEST_KIND_WIRES).map(
  (k) => k.topic,
) as KindWire['topic'][];
/** The export lists the kinds own. */
export const REQUEST_KIND_EXPORT_LISTS = Object.values(REQUEST_KIND_WIRES).flatMap((k) =>
  'exportList' in k ? [k.exportList] : [],
) as Extract<KindWire, { exportList: string }>['exportList'][];

/** The decisions a comment can be required for. */
export type ReasonedDecision = 'approve' | 'reject';

/**
 * Why a decision cannot be made with this comment, or null: a rejection always needs a reason, and
 * some kinds need a comment to approve too. The one place this rule is written.
 */
export function missingReason(
  kind: Pick<RequestKindWire, 'reasons'>,
  decision: ReasonedDecision,
  comment: string,
): string | null {
  const needed = kind.reasons[decision];
  return needed && !comment.trim() ? needed : null;
}

/** The decision a status choice makes, for the comment rule: 'rejected' rejects, approvals approve. */
export function reasonedDecisionOf(status: string): ReasonedDecision | null {
  if (status === 'rejected') return 'reject';
  if (status === 'approved' || status === 'approve_process') return 'approve';
  return null;
}

/** True while a request of this kind can still be decided from its list (Approve / Reject). */
export const isOpenRequest = (kind: Pick<RequestKindWire, 'open'>, status: string): boolean =>
  kind.open.includes(status);
