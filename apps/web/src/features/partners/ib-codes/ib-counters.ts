import type { IbCounters } from '@brokerdesk/contract';

/** docs/product.md [screen.ib-codes]: 'Codes left: available/total' and 'Subcodes left: available/total'. */
export function codesLeftText(c: IbCounters): string {
  return `Codes left: ${c.availableIbCodes}/${c.totalIbCodes}`;
}

export function subcodesLeftText(c: IbCounters): string {
  return `Subcodes left: ${c.availableSubcodes}/${c.totalSubcodes}`;
}
