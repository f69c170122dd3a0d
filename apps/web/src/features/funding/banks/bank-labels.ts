import { BANK_TABS, bankAccountStatusSchema } from '@brokerdesk/contract';
import type { StatusTab } from '../shared/funding-tabs.ts';

type BankStatus = (typeof bankAccountStatusSchema.options)[number];

/** docs/product.md [states]: rejected bank accounts are shown as DECLINED, everywhere a status is shown. */
export const BANK_STATUS_LABELS: Record<BankStatus, string> = BANK_TABS;

/**
 * Tabs PENDING, APPROVED, DECLINED (docs/product.md [screen.bank-accounts]); the route keeps the status' own
 * word.
 */
export const BANK_STATUS_TABS: StatusTab<BankStatus>[] = bankAccountStatusSchema.options.map((value) => ({
  value,
  label: BANK_TABS[value],
}));

/** The status choices of the Bank details modal, labelled as the tabs are. */
export const BANK_STATUS_OPTIONS = BANK_STATUS_TABS.map(({ value, label }) => ({ value, label }));
