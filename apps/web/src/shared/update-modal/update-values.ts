import {
  AMOUNT_TOO_SMALL,
  REQUEST_KIND_WIRES,
  missingReason,
  reasonedDecisionOf,
  roundsToZero,
  type RequestKindName,
  UPDATE_STATUS_LABELS,
  type UpdateStatus,
} from '@brokerdesk/contract';

/** The request kind an update modal decides: its comment rule is the kind's (docs/product.md [rule.reject-reason]). */
export type RejectKind = RequestKindName;

/** One choice of the status select. */
export type UpdateStatusOption<S extends string = string> = { value: S; label: string; description?: string };

/** The values every update modal has. Screen-specific fields (dontEmailUser, …) stay with the screen. */
export type UpdateValues = {
  status: string | null;
  comment: string;
  modifyDealAmount: boolean;
  /** Only read when modifyDealAmount is ticked. */
  dealAmount: number | string;
};

/** The values the modal hands to its screen once they pass `validateUpdate`. */
export type ValidUpdate<S extends string = string> = {
  status: S;
  comment: string;
  modifyDealAmount: boolean;
  /** Set only when the amount is modified. */
  dealAmount: number | undefined;
};

export type UpdateProblems = Partial<Record<'status' | 'comment' | 'dealAmount', string>>;

export const STATUS_REQUIRED = 'Status is required.';
export const DEAL_AMOUNT_REQUIRED = 'Enter the deal amount.';

/** The spec's status labels (docs/product.md [states]) for the given choices, in the given order. */
export function updateStatusOptions<S extends UpdateStatus>(values: readonly S[]): UpdateStatusOption<S>[] {
  return values.map((value) => ({ value, label: UPDATE_STATUS_LABELS[value] }));
}

/**
 * Every update modal's choices (docs/product.md [state.decision-options]): pending, Reject, Set as approved,
 * Approve & process.
 */
export const ALL_UPDATE_STATUSES = ['pending', 'rejected', 'approved', 'approve_process'] as const;

/** A rejection without a non-blank comment is blocked (docs/product.md [rule.reject-reason]). */
export function rejectionBlocked(status: string | null, comment: string): boolean {
  return status === 'rejected' && comment.trim() === '';
}

/**
 * Checks the common fields before anything is sent: a status is chosen, a rejection has a reason, and a
 * modified deal amount is a positive number. Returns the problems by field, or the clean values.
 */
export function validateUpdate(
  values: UpdateValues,
  kind: RejectKind,
): { ok: true; values: ValidUpdate } | { ok: false; problems: UpdateProblems } {
  const problems: UpdateProblems = {};
  if (!values.status) problems.status = STATUS_REQUIRED;
  const decision = values.status ? reasonedDecisionOf(values.status) : null;
  const missing = decision && missingReason(REQUEST_KIND_WIRES[kind], decision, values.comment);
  if (missing) problems.comment = missing;
  const amount = values.dealAmount === '' ? NaN : Number(values.dealAmount);
  if (values.modifyDealAmount && !(Number.isFinite(amount) && amount > 0)) {
    problems.dealAmount = DEAL_AMOUNT_REQUIRED;
  } else if (values.modifyDealAmount && roundsToZero(amount)) {
    // The server refuses it too: kept to 2 decimals it would move 0.00.
    problems.dealAmount = AMOUNT_TOO_SMALL;
  }
  if (Object.keys(problems).length > 0 || !values.status) return { ok: false, problems };
  return {
    ok: true,
    values: {
      status: values.status,
      comment: values.comment,
      modifyDealAmount: values.modifyDealAmount,
      dealAmount: values.modifyDealAmount ? amount : undefined,
    },
  };
}
