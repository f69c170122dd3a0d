import { eq } from 'drizzle-orm';
import { bankAccountStatusSchema } from '@brokerdesk/contract';
import { bankAccounts } from '../../db/schema.ts';
import { planList, type ListSpec } from '../../lib/paged-query.ts';
import type { ExportableListDef } from '../exports/registry.ts';
import { plannedExport } from '../exports/registry.ts';
import { clientColumns, clientsOf, isoTime, oneOf } from '../exports/columns.ts';
import { clientFilter } from '../funding/list.ts';
import { clientEmailFilter, clientSort } from '../accounts/list.ts';

type Bank = typeof bankAccounts.$inferSelect;

/**
 * The bank list's fields (SPEC 2.17: full name, email, bank name, account currency, added). The screen
 * filters and sorts its newest rows in the browser; the export applies the same view to every row.
 */
const BANKS: ListSpec = {
  tieBreaker: bankAccounts.id,
  defaultSort: { field: 'timestamp', order: 'desc' },
  fields: {
    name: {
      column: clientSort(bankAccounts.userId, 'name'),
      sortable: true,
      filter: clientFilter(bankAccounts.userId),
    },
    email: {
      column: clientSort(bankAccounts.userId, 'email'),
      sortable: true,
      filter: clientEmailFilter(bankAccounts.userId),
    },
    bankName: { column: bankAccounts.bankName, sortable: true, filter: 'text' },
    bankAccountCurrency: { column: bankAccounts.bankAccountCurrency, sortable: true, filter: 'select' },
    timestamp: { column: bankAccounts.timestamp, sortable: true },
  },
};

/** Bank verification, one status tab: params `{ status: pending|approved|rejected }`. */
export const bankAccountsExport: ExportableListDef = {
  plan(db, params, req) {
    const status = oneOf(params, 'status', bankAccountStatusSchema.options);
    const plan = planList(BANKS, req, [eq(bankAccounts.status, status)]);
    return plannedExport({
      table: bankAccounts,
      query: db
        .select()
        .from(bankAccounts)
        .where(plan.where)
        .orderBy(...plan.orderBy),
      lookup: clientsOf,
      name: `bank-accounts-${status}`,
      columns: [
        { header: 'Id', value: (b: Bank) => b.id },
        ...clientColumns<Bank>(),
        { header: 'Bank name', value: (b) => b.bankName },
        { header: 'Bank country', value: (b) => b.bankCountry },
        { header: 'Account currency', value: (b) => b.bankAccountCurrency },
        { header: 'Account number', value: (b) => b.bankAccountNumber },
        { header: 'Sort code', value: (b) => b.bankSortCode },
        { header: 'IBAN', value: (b) => b.bankIban },
        { header: 'SWIFT', value: (b) => b.bankSwift },
        { header: 'Status', value: (b) => b.status },
        { header: 'Comment', value: (b) => b.comment },
        { header: 'Added (UTC)', value: (b) => isoTime(b.timestamp) },
      ],
    });
  },
};
