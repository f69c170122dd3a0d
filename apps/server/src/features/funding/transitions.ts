import type { UpdateStatus } from '@brokerdesk/contract';

export type PlannedUpdate = { status: 'pending' | 'approved' | 'rejected'; process: boolean };

/**
 * What an update-modal choice does to a request (docs/product.md [state.decision-options]): 'Set as approved'
 * changes the status only, 'Approve & process' also moves the money. A request no longer open (approved,
 * rejected, error ...) cannot be changed: the caller answers 409, so a second approver never credits twice.
 */
export function planUpdate(
  current: string,
  open: readonly string[],
  target: UpdateStatus,
): PlannedUpdate | null {
  if (!open.includes(current)) return null;
  switch (target) {
    case 'approve_process':
      return { status: 'approved', process: true };
    case 'approved':
      return { status: 'approved', process: false };
    case 'rejected':
      return { status: 'rejected', process: false };
    case 'pending':
      return { status: 'pending', process: false };
  }
}

/** Money on the platform is in cents; amounts keep 2 decimals. */
export function toCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export function formatMoney(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency}`;
}
