import { eq } from 'drizzle-orm';
import { REQUEST_KIND_WIRES, calls } from '@brokerdesk/contract';
import { bankAccounts } from '../../db/schema.ts';
import { Invalid } from '../../http/errors.ts';
import { defineRequestKind, requestTable } from '../requests/kind.ts';
import { withComment } from '../requests/planned.ts';
import type { FileStore } from './file-store.ts';
import { toWireBank } from './rows.ts';
import { bankAccountsExport } from './export.ts';

type Row = typeof bankAccounts.$inferSelect;

/** The Bank modal's fields, already validated and normalised by the contract. */
export type BankDecision = {
  id: string;
  bankName: string;
  bankAddress: string;
  bankCountry: string;
  bankAccountCurrency: string;
  bankAccountNumber: string;
  bankSortCode: string;
  bankIBAN: string;
  bankSwift: string;
  status: 'pending' | 'approved' | 'rejected';
  comment: string;
  bankPOA?: string;
  changeDocument?: boolean;
};

/** The row's own details with a new status: what a list's Approve or Reject asks. */
const asStored = (b: Row, status: BankDecision['status'], comment: string): BankDecision => ({
  id: b.id,
  bankName: b.bankName,
  bankAddress: b.bankAddress,
  bankCountry: b.bankCountry,
  bankAccountCurrency: b.bankAccountCurrency,
  bankAccountNumber: b.bankAccountNumber,
  bankSortCode: b.bankSortCode,
  bankIBAN: b.bankIban,
  bankSwift: b.bankSwift,
  status,
  comment,
});

/**
 * Bank details: the Bank modal saves the details and a status; any status may follow any other, and
 * a rejection needs a comment. A new statement must be a file uploaded for this client (`files`: where
 * uploads are kept).
 */
export const bankAccountKind = (files: Pick<FileStore, 'exists'>) =>
  defineRequestKind<Row, BankDecision>()({
    wire: REQUEST_KIND_WIRES.bankAccount,
    ...requestTable<Row>(bankAccounts, 'No such bank account.'),
    audit: { entity: 'bank_account', prefix: 'bank-account', wire: toWireBank, keepsIp: true },
    export: bankAccountsExport,
    decide: async ({ tx, before, input }) => {
      const newDocument = input.bankPOA !== undefined && input.bankPOA !== before.bankPoa;
      if (newDocument) await assertUploadOf(files, input.bankPOA!, before.userId);
      const [after] = await tx
        .update(bankAccounts)
        .set({
          bankName: input.bankName,
          bankAddress: input.bankAddress,
          bankCountry: input.bankCountry,
          bankAccountCurrency: input.bankAccountCurrency,
          bankAccountNumber: input.bankAccountNumber,
          bankSortCode: input.bankSortCode,
          bankIban: input.bankIBAN,
          bankSwift: input.bankSwift,
          status: input.status,
          comment: input.comment,
          bankPoa: newDocument ? input.bankPOA! : before.bankPoa,
          changeDocument: input.changeDocument ?? before.changeDocument,
        })
        .where(eq(bankAccounts.id, before.id))
        .returning();
      const statusChanged = before.status !== input.status;
      const what = statusChanged ? `set to ${input.status}` : 'updated';
      const doc = newDocument ? ', new statement uploaded' : '';
      return {
        after: after!,
        action: statusChanged ? input.status : 'edited',
        event: `Bank account ${after!.bankName} ${what}${doc}${withComment(input.comment)}`,
      };
    },
    reply: (b) => ({ success: true as const, message: 'Bank details updated.', bankAccount: toWireBank(b) }),
    bulk: {
      call: calls.bulk.BULK_CALLS.bankAccount,
      approve: (b) => asStored(b, 'approved', b.comment),
      reject: (b, reason) => asStored(b, 'rejected', reason),
    },
  });

/** bankPOA must name a file uploaded for this account's client (POST /upload makes such names). */
async function assertUploadOf(files: Pick<FileStore, 'exists'>, name: string, userId: string): Promise<void> {
  if (!name.startsWith(`${userId}-`)) {
    throw new Invalid({ bankPOA: 'This document was uploaded for another client.' });
  }
  if (!(await files.exists(name))) throw new Invalid({ bankPOA: 'Upload the document again.' });
}
