import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { cappedCount, type CappedTotal } from './capped-count.ts';
import type { PlannedList } from './paged-query.ts';

/**
 * One planned page of a list's table and its capped total, read side by side: on PostgreSQL the two
 * queries run on two pooled connections, so a call costs the slower of them, not their sum.
 */
export async function readPage<T extends PgTable>(
  db: Db,
  table: T,
  plan: PlannedList,
): Promise<{ rows: T['$inferSelect'][]; total: CappedTotal }> {
  const from = table as PgTable;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(from)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    cappedCount(db, from, plan.where, plan.totalCap),
  ]);
  return { rows: rows as T['$inferSelect'][], total };
}
