import { isFailedMtStatus } from './funding.ts';

/**
 * Rules the server enforces and the screens show, written once: the half-done transfer and
 * what may repair it, a second approval under four-eyes, the list tabs the server serves, and the
 * withdrawal currency as docs/product.md [screen.withdrawals] prints it.
 */

/**
 * A half-done transfer (docs/product.md [money.transfer-legs]): approved, and one leg failed on the platform.
 * - 'sourceFailed': the debit was refused; nothing moved yet.
 * - 'creditFailed': the source was debited, the destination credit was refused: money is in between.
 */
export type HalfDone = 'sourceFailed' | 'creditFailed';

export type TransferLegs = { status: string; sourceMTStatus: string; destinationMTStatus: string };

export function halfDoneState(t: TransferLegs): HalfDone | null {
  if (t.status !== 'approved') return null;
  if (isFailedMtStatus(t.sourceMTStatus)) return 'sourceFailed';
  if (t.sourceMTStatus === 'SUCCESS' && isFailedMtStatus(t.destinationMTStatus)) return 'creditFailed';
  return null;
}

export type TransferRepair = 'complete' | 'reverse' | 'rejected';

/**
 * What repairs a half-done transfer: the failed leg sent again (complete), or after a failed credit the
 * source refunded (reverse), or after a refused debit the transfer closed (rejected: nothing moved).
 */
export const TRANSFER_REPAIRS: Record<HalfDone, readonly TransferRepair[]> = {
  creditFailed: ['complete', 'reverse'],
  sourceFailed: ['complete', 'rejected'],
};

/** The decisions that approve a request, and so meet four-eyes. */
export const APPROVAL_ACTIONS = ['approve_process', 'approved'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
export const isApprovalAction = (decision: string): decision is ApprovalAction =>
  (APPROVAL_ACTIONS as readonly string[]).includes(decision);

/**
 * Why `staffId` cannot give `action` as the second approval of an awaiting first one: the
 * first approver cannot approve again, and the second approval must be the decision the first chose.
 * Null when it completes the approval.
 */
export function secondApprovalRefusal(
  awaiting: { firstBy: string; action: string },
  staffId: string,
  action: ApprovalAction,
): 'sameApprover' | 'otherAction' | null {
  if (awaiting.firstBy === staffId) return 'sameApprover';
  if (awaiting.action !== action) return 'otherAction';
  return null;
}

/**
 * docs/product.md [screen.withdrawals]: for crypto, the crypto currency follows the currency in brackets
 * ("USD (BTC)").
 */
export function withdrawalCurrencyText(w: {
  withdrawalCurrency: string;
  cryptoCurrency?: string | null;
}): string {
  return w.cryptoCurrency ? `${w.withdrawalCurrency} (${w.cryptoCurrency})` : w.withdrawalCurrency;
}
