import type { FundingType } from '@brokerdesk/contract';

/**
 * Historical requests (docs/product.md [screen.historical-requests]): one tab per kind, each the kind's list
 * with status 'historical'.
 */
export const HISTORICAL_TABS = [
  { type: 'deposit', label: 'DEPOSITS' },
  { type: 'withdrawal', label: 'WITHDRAWALS' },
  { type: 'transfer', label: 'INTERNAL TRANSFERS' },
] as const satisfies readonly { type: FundingType; label: string }[];

/** The URL key of the open tab; the first tab leaves it out so the plain address opens deposits. */
export const HISTORICAL_TAB_KEY = 'tab';

/** The tab a URL asks for; anything unknown falls back to the first. */
export function historicalTabOf(value: string | null): FundingType {
  return HISTORICAL_TABS.find((t) => t.type === value)?.type ?? HISTORICAL_TABS[0].type;
}
