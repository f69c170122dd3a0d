import fs from 'node:fs';
import path from 'node:path';
import { bankStatementPdf, bankStatementPicture } from '@brokerdesk/server/lib/sample-files/documents';
import type { Rows } from './rows.ts';

/**
 * Writes a generated statement (PDF, or PNG for the names that say .png) for each bank account of a
 * chunk into the uploads folder, under the name the row carries, so "View statement" opens a document.
 * Existing files are left alone.
 */
export async function writeStatements(uploadsDir: string, rows: Rows): Promise<number> {
  if (rows.bank_accounts.length === 0) return 0;
  await fs.promises.mkdir(uploadsDir, { recursive: true, mode: 0o700 });
  const holders = new Map(rows.users.map((u) => [u.id, [u.name, u.surname].filter(Boolean).join(' ')]));
  let written = 0;
  for (const bank of rows.bank_accounts) {
    if (!bank.bankPoa) continue;
    const details = {
      holder: holders.get(bank.userId) ?? '',
      bankName: bank.bankName,
      bankAddress: bank.bankAddress ?? '',
      account: bank.bankIban || `${bank.bankAccountNumber ?? ''} (sort code ${bank.bankSortCode ?? ''})`,
      currency: bank.bankAccountCurrency,
      issuedAt: bank.timestamp,
    };
    const body = bank.bankPoa.endsWith('.png') ? bankStatementPicture(details) : bankStatementPdf(details);
    try {
      await fs.promises.writeFile(path.join(uploadsDir, bank.bankPoa), body, { flag: 'wx', mode: 0o600 });
      written++;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return written;
}
