import type { Transfer } from '@brokerdesk/contract';
import { isFailedMtStatus } from '../../../shared/status-colors.ts';
import {
  ALL_UPDATE_STATUSES,
  updateStatusOptions,
  type UpdateStatusOption,
} from '../../../shared/update-modal/index.ts';
import { legsPending } from '../shared/platform-watch.ts';

type Legs = Pick<Transfer, 'status' | 'sourceMTStatus' | 'destinationMTStatus'>;

/**
 * A half-done transfer (DESIGN money movement): approved, and one leg failed on the platform.
 * - 'sourceFailed': the debit was refused; nothing moved yet.
 * - 'creditFailed': the source was debited, the destination credit was refused: money is in between.
 */
export type HalfDone = 'sourceFailed' | 'creditFailed';

export function halfDoneState(t: Legs): HalfDone | null {
  if (t.status !== 'approved') return null;
  if (isFailedMtStatus(t.sourceMTStatus)) return 'sourceFailed';
  if (t.sourceMTStatus === 'SUCCESS' && isFailedMtStatus(t.destinationMTStatus)) return 'creditFailed';
  return null;
}

export type TransferChoice = 'pending' | 'rejected' | 'approved' | 'approve_process' | 'complete' | 'reverse';

const COMPLETE: UpdateStatusOption<'complete'> = {
  value: 'complete',
  label: 'Complete',
  description: 'Send the failed leg to the platform again.',
};
const REVERSE: UpdateStatusOption<'reverse'> = {
  value: 'reverse',
  label: 'Reverse',
  description: 'Refund the source account; the transfer becomes rejected.',
};
const CLOSE: UpdateStatusOption<'rejected'> = {
  value: 'rejected',
  label: 'Reject',
  description: 'Close the transfer: the debit was refused, so nothing has moved.',
};

/**
 * What the 'Update transfer' modal offers: the usual four choices while pending; Complete and Reverse
 * once money left the source and the credit failed; Complete or Reject (close) when the debit was
 * refused, as nothing moved; nothing otherwise.
 */
export function transferChoices(t: Legs): UpdateStatusOption<TransferChoice>[] {
  if (t.status === 'pending') return updateStatusOptions(ALL_UPDATE_STATUSES);
  const half = halfDoneState(t);
  if (half === 'creditFailed') return [COMPLETE, REVERSE];
  if (half === 'sourceFailed') return [COMPLETE, CLOSE];
  return [];
}

/** Why a transfer cannot be changed, or undefined when it can. */
export function transferLockReason(t: Legs): string | undefined {
  if (transferChoices(t).length > 0) return undefined;
  if (t.status === 'approved' && legsPending(t)) {
    return 'The platform is still moving this transfer. Try again in a moment.';
  }
  return `This transfer is already ${t.status}; it can no longer be changed.`;
}
