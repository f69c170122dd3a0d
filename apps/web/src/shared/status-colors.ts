/**
 * Row and badge colours of funding lists (docs/product.md [state.row-colours]): green approved, amber a
 * pending provider order, light red rejected/declined/error, bright red a failed money-transfer (MT) status.
 * A failed platform leg wins over everything: money may be half-moved and needs a human.
 */

import { isCheckingMtStatus, isFailedMtStatus } from '@brokerdesk/contract';

export { isFailedMtStatus };

/** `checking`: an unknown platform outcome is being waited out ("Checking with MT5"): amber, not red. */
export type RowTone = 'approved' | 'providerPending' | 'checking' | 'rejected' | 'failed';

export type RowToneInput = {
  status: string;
  /** MTStatus, or both legs of a transfer; empty means the platform operation has not run. */
  mtStatuses?: ReadonlyArray<string | null | undefined>;
  /** A card-provider order that the provider has not processed yet. */
  providerPending?: boolean;
};

const REJECTED = new Set(['rejected', 'declined', 'error']);

export function rowTone({ status, mtStatuses = [], providerPending = false }: RowToneInput): RowTone | null {
  if (mtStatuses.some(isFailedMtStatus)) return 'failed';
  if (mtStatuses.some(isCheckingMtStatus)) return 'checking';
  if (REJECTED.has(status)) return 'rejected';
  if (providerPending) return 'providerPending';
  if (status === 'approved') return 'approved';
  return null;
}

/** Background of a table row by tone; Mantine colour variables, so the theme decides the shades. */
export const ROW_BACKGROUND: Record<RowTone, string> = {
  approved: 'var(--mantine-color-green-1)',
  providerPending: 'var(--mantine-color-yellow-2)',
  checking: 'var(--mantine-color-yellow-2)',
  rejected: 'var(--mantine-color-red-1)',
  failed: 'var(--mantine-color-red-5)',
};

export function rowBackground(input: RowToneInput): string | undefined {
  const tone = rowTone(input);
  return tone ? ROW_BACKGROUND[tone] : undefined;
}

/** Badge colour for a status word (request, user or bank status). */
export function statusColor(status: string): string {
  if (status === 'approved' || status === 'SUCCESS' || status === 'active') return 'green';
  if (status === 'pending' || status === 'incomplete' || status === 'new') return 'yellow';
  if (REJECTED.has(status) || status === 'disabled') return 'red';
  return 'gray';
}
