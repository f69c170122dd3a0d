import { eq } from 'drizzle-orm';
import type { PagedRequest } from '@brokerdesk/contract';
import { bankAccounts } from '../../db/schema.ts';
import { planList, sortableColumns, type ListSpec } from '../../lib/paged-query.ts';
import { clientEmailField, clientNameField } from '../../lib/client-columns.ts';

export type BankListStatus = 'pending' | 'approved' | 'rejected';

/**
 * The bank list's fields (docs/product.md [screen.bank-accounts]: full name, email, bank name, account
 * currency, added), for the screen's server pages and the CSV export alike. Newest first by default; the
 * status-and-time index (bank_accounts_status_ts_idx) serves that order.
 */
const BANKS: ListSpec = {
  tieBreaker: bankAccounts.id,
  defaultSort: { field: 'timestamp', order: 'desc' },
  fields: {
    name: clientNameField(bankAccounts),
    email: clientEmailField(bankAccounts),
    ...sortableColumns(bankAccounts, { bankName: 'text', bankAccountCurrency: 'select' }),
    timestamp: { column: bankAccounts.timestamp, sortable: true },
  },
};

/** The where and order of one status tab's view (what the screen pages and the export runs). */
export function planBankAccounts(status: BankListStatus, req: PagedRequest) {
  return planList(BANKS, req, [eq(bankAccounts.status, status)]);
}
