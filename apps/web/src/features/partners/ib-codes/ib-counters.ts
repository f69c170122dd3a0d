import type { IbCounters } from '@brokerdesk/contract';

/** docs/product.md [screen.ib-codes]: 'Codes left: available/total' and 'Subcodes left: available/total'. */
export function codesLeftText(c: IbCounters): string {
  return `Codes left: ${c.availableIbCodes}/${c.totalIbCodes}`;
}

export function subcodesLeftText(c: IbCounters): string {
  return `Subcodes left: ${c.availableSubcodes}/${c.totalSubcodes}`;
}

/**
 * What each counter counts, on the IB Codes screen: generating links spends subcodes only, so "Codes
 * left" stays put while "Subcodes left" goes down.
 */
export const COUNTER_HINTS = {
  codes: 'Introducer codes: each new introducer, and each approved IB request, uses one.',
  subcodes: 'Subcodes: each generated link uses one. Generating codes does not use introducer codes.',
  short: 'Codes: one per introducer. Subcodes: one per generated link.',
} as const;
