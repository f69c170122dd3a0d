import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '@brokerdesk/contract';
import type { DbOrTx } from '../db/client.ts';

export type CappedTotal = { totalSize: number; totalCapped?: true };

/**
 * A list's total, counted up to `cap` rows: the database stops after cap + 1 matches instead of counting
 * a million, so the count costs no more than a few pages (docs/product.md [perf]).
 */
export async function cappedCount(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap: number = TOTAL_CAP,
): Promise<CappedTotal> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  const n = row?.n ?? 0;
  return n > cap ? { totalSize: cap, totalCapped: true } : { totalSize: n };
}
