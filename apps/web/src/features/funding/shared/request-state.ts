import { REQUEST_KIND_WIRES, type FundingType } from '@brokerdesk/contract';

/**
 * The statuses in which the server still accepts a decision on a request (a second decision gets 409:
 * docs/product.md [money]). Any other request opens its update modal read-only instead of letting staff
 * fill it in only to be refused.
 */
export const OPEN_STATUSES = {
  deposit: REQUEST_KIND_WIRES.deposit.open,
  withdrawal: REQUEST_KIND_WIRES.withdrawal.open,
  transfer: REQUEST_KIND_WIRES.transfer.open,
} as const satisfies Record<FundingType, readonly string[]>;

export function isOpenRequest(type: FundingType, status: string): boolean {
  return (OPEN_STATUSES[type] as readonly string[]).includes(status);
}

/** Why an update modal is read-only. */
export function closedReason(what: string, status: string): string {
  return `This ${what} is already ${status}; it can no longer be changed.`;
}

/** The modal's starting status: the list's Reject preset, else the request's own when it is a choice. */
export function initialStatusOf(
  preset: string | undefined,
  current: string,
  choices: readonly { value: string }[],
): string | null {
  if (preset) return preset;
  return choices.some((c) => c.value === current) ? current : null;
}
