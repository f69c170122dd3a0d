import type { BankAccount } from '@brokerdesk/contract';
import type { bankAccounts } from '../../db/schema.ts';
import { withoutClientColumns } from '../../lib/client-columns.ts';

/**
 * A bank account as it travels: the entity's field names of docs/product.md [entities] (bankIBAN, bankPOA).
 */
export function toWireBank(b: typeof bankAccounts.$inferSelect): BankAccount {
  const { id, bankIban, bankPoa, ...rest } = withoutClientColumns(b);
  return { ...rest, _id: id, bankIBAN: bankIban, bankPOA: bankPoa } as BankAccount;
}
