import { bankAccountStatusSchema } from '@brokerdesk/contract';
import { bankAccounts } from '../../db/schema.ts';
import { listExport, type ExportableListDef } from '../exports/registry.ts';
import { clientColumns, clientsOf, isoTime, oneOf } from '../exports/columns.ts';
import { planBankAccounts } from './list.ts';

type Bank = typeof bankAccounts.$inferSelect;

/** Bank verification, one status tab: params `{ status: pending|approved|rejected }`. */
export const bankAccountsExport: ExportableListDef = {
  plan(db, params, req) {
    const status = oneOf(params, 'status', bankAccountStatusSchema.options);
    const plan = planBankAccounts(status, req);
    return listExport(db, bankAccounts, plan, {
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
