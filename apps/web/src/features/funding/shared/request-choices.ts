import { RETRY_LABEL, type Deposit, type Withdrawal } from '@brokerdesk/contract';
import { isFailedMtStatus } from '../../../shared/status-colors.ts';
import {
  ALL_UPDATE_STATUSES,
  updateStatusOptions,
  type UpdateStatusOption,
} from '../../../shared/update-modal/index.ts';
import { closedReason, initialStatusOf, isOpenRequest } from './request-state.ts';

/** What an update modal offers for a request, or why it offers nothing. */
export type Choices<S extends string> = { options: UpdateStatusOption<S>[]; lockReason?: string };

export type MoneyChoice = (typeof ALL_UPDATE_STATUSES)[number] | 'retry';

export const RETRY: UpdateStatusOption<'retry'> = {
  value: 'retry',
  label: RETRY_LABEL,
  description: 'Send the operation to the platform again, as a new operation.',
};
export const CLOSE: UpdateStatusOption<'rejected'> = {
  value: 'rejected',
  label: 'Reject',
  description: 'Close the request: nothing was moved on the platform.',
};

/** A deposit approved whose credit the platform refused (bright red). */
export const creditFailed = (d: Pick<Deposit, 'status' | 'MTStatus'>) =>
  d.status === 'approved' && isFailedMtStatus(d.MTStatus);

/** Deposits: the four choices while open; Retry or Reject once the platform refused the credit. */
export function depositChoices(d: Pick<Deposit, 'status' | 'MTStatus'>): Choices<MoneyChoice> {
  if (isOpenRequest('deposit', d.status)) return { options: updateStatusOptions(ALL_UPDATE_STATUSES) };
  if (creditFailed(d)) return { options: [RETRY, CLOSE] };
  return { options: [], lockReason: closedReason('deposit', d.status) };
}

/** Withdrawals: the four choices while open; Retry or Reject in the Error tab (the debit was refused). */
export function withdrawalChoices(w: Pick<Withdrawal, 'status'>): Choices<MoneyChoice> {
  if (isOpenRequest('withdrawal', w.status)) return { options: updateStatusOptions(ALL_UPDATE_STATUSES) };
  if (w.status === 'error') return { options: [RETRY, CLOSE] };
  return { options: [], lockReason: closedReason('withdrawal', w.status) };
}

/** The modal's select: its choices, the starting status, and the read-only reason when locked. */
export function modalStatus<S extends string>(choices: Choices<S>, status: string, preset?: 'rejected') {
  return {
    options: choices.options,
    initialStatus: choices.lockReason ? status : initialStatusOf(preset, status, choices.options),
    readOnlyReason: choices.lockReason,
  };
}

/** Choices that start a platform operation worth watching in the list. */
export const RUNS_ON_PLATFORM: readonly string[] = ['approve_process', 'retry', 'complete', 'reverse'];
