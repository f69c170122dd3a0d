import {
  FOUR_EYES_MESSAGES,
  isApprovalAction,
  secondApprovalRefusal,
  type FundingApproval,
} from '@brokerdesk/contract';
import type { UpdateStatusOption } from '../../shared/update-modal/index.ts';
import { adminLabel } from '../accounts/admin-label.ts';

type Admins = Readonly<Record<string, string>> | undefined;

/** A first approval is on the request and waits for a second one. */
export const isAwaiting = (a: FundingApproval | undefined): a is FundingApproval => a?.state === 'awaiting';

/** The signed-in staff member gave the first approval: the second is not theirs to give. */
export function isFirstApprover(a: FundingApproval | undefined, meId: string | undefined): boolean {
  return isAwaiting(a) && meId !== undefined && a.firstBy === meId;
}

/** 'Adam', or 'Adam + Sofia' once both approved. */
export function approverNames(a: FundingApproval, admins: Admins): string {
  const first = adminLabel(a.firstBy, admins);
  return a.secondBy ? `${first} + ${adminLabel(a.secondBy, admins)}` : first;
}

/**
 * The update modal's choices under four-eyes. Awaiting a second approval: the first approver may
 * still set the request back to pending or reject it, not approve it again; anyone else may give the
 * second approval, which must be the decision the first approver chose.
 */
export function fourEyesChoices<S extends string>(
  options: readonly UpdateStatusOption<S>[],
  approval: FundingApproval | undefined,
  meId: string | undefined,
): { options: UpdateStatusOption<S>[]; note?: string } {
  if (!isAwaiting(approval)) return { options: [...options] };
  // The server's rule (secondApprovalRefusal): only someone else, and only the first approval's decision.
  const allowed = (o: UpdateStatusOption<S>) =>
    !isApprovalAction(o.value) || secondApprovalRefusal(approval, meId ?? '', o.value) === null;
  if (isFirstApprover(approval, meId)) {
    return { options: options.filter(allowed), note: FOUR_EYES_MESSAGES.sameApprover };
  }
  return {
    options: options
      .filter(allowed)
      .map((o) => (o.value === approval.action ? { ...o, description: 'Gives the second approval.' } : o)),
  };
}
