import { TRANSFER_REPAIRS, halfDoneState, type Transfer } from '@brokerdesk/contract';
import {
  ALL_UPDATE_STATUSES,
  updateStatusOptions,
  type UpdateStatusOption,
} from '../../../shared/update-modal/index.ts';
import { legsPending } from '../shared/platform-watch.ts';

type Legs = Pick<Transfer, 'status' | 'sourceMTStatus' | 'destinationMTStatus'>;

/** The half-done state is the contract's, one rule with the server's repair (request-rules.ts). */
export { halfDoneState };

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

const REPAIR_OPTIONS = { complete: COMPLETE, reverse: REVERSE, rejected: CLOSE } as const;

/**
 * What the 'Update transfer' modal offers: the usual four choices while pending; Complete and Reverse
 * once money left the source and the credit failed; Complete or Reject (close) when the debit was
 * refused, as nothing moved; nothing otherwise.
 */
export function transferChoices(t: Legs): UpdateStatusOption<TransferChoice>[] {
  if (t.status === 'pending') return updateStatusOptions(ALL_UPDATE_STATUSES);
  const half = halfDoneState(t);
  return half ? TRANSFER_REPAIRS[half].map((repair) => REPAIR_OPTIONS[repair]) : [];
}

/** Why a transfer cannot be changed, or undefined when it can. */
export function transferLockReason(t: Legs): string | undefined {
  if (transferChoices(t).length > 0) return undefined;
  if (t.status === 'approved' && legsPending(t)) {
    return 'The platform is still moving this transfer. Try again in a moment.';
  }
  return `This transfer is already ${t.status}; it can no longer be changed.`;
}
