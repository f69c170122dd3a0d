import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client.ts';
import { newId } from '../../src/lib/ids.ts';

/**
 * Writes one row under a fresh id, as the client portal or a terminal would have made it, and returns
 * the id: what every test fixture that makes a request, a bank account or an account does first.
 */
export async function insertRow<T extends PgTable>(
  db: Db,
  table: T,
  values: Omit<T['$inferInsert'], 'id'>,
): Promise<string> {
  const id = newId();
  // The row type is checked above, as the table's own insert type; drizzle cannot relate it to the
  // insert value of a table it only knows as generic.
  await db.insert(table).values({ id, ...values } as PgInsertValue<T>);
  return id;
}
