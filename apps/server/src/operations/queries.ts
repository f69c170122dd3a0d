import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { platformOperations as ops, platformOperationsArchive as archive } from '../db/schema.ts';
import { MAX_REPEATS } from './keys.ts';
import type { OperationKind } from './kinds.ts';

/**
 * What features may ask the outbox about their operations. Its tables (the hot one and the archive)
 * stay its own: a feature asks through these, so a change to how operations are kept is made here.
 */

/** The operation states a feature reads: still to run (queued or running), or how it ended. */
export type OperationState = 'queued' | 'running' | 'succeeded' | 'failed';

/**
 * The key for the next operation of a request: `base` the first time, then `base:1`, `base:2` ... A
 * repeat is a new operation with its own key (and deal comment): the one before it failed for good.
 * Archived operations count too: their keys are deal comments on the platform that are never reused.
 * Null when the request has had all MAX_REPEATS repeats (MT5's 31-character comment allows no more).
 */
export async function nextOperationKey(tx: DbOrTx, base: string): Promise<string | null> {
  const [prior] = await tx
    .select({
      n: sql<number>`(select count(*) from ${ops} where ${inArray(ops.baseKey, [base])})::int
        + (select count(*) from ${archive} where ${inArray(archive.baseKey, [base])})::int`,
    })
    .from(sql`(select 1) as one`);
  const n = prior?.n ?? 0;
  if (n > MAX_REPEATS) return null;
  return n === 0 ? base : `${base}:${n}`;
}

/**
 * Whether an operation of these requests (`base` = '<prefix>:<id>', repeats included) is still queued or
 * running, by their indexed base key (callers hold row locks: a LIKE scan would hold more).
 */
export async function hasOpenOperation(tx: DbOrTx, bases: readonly string[]): Promise<boolean> {
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(ops)
    .where(and(inArray(ops.baseKey, [...bases]), inArray(ops.state, ['queued', 'running'])));
  return (open?.n ?? 0) > 0;
}

/** The keys among `keys` of balance operations that succeeded, archived ones included. */
export async function succeededBalanceKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const succeeded = (table: typeof ops | typeof archive) =>
    db
      .select({ key: table.idempotencyKey })
      .from(table)
      .where(
        and(
          inArray(table.idempotencyKey, [...keys]),
          eq(table.kind, 'balance'),
          eq(table.state, 'succeeded'),
        ),
      );
  const rows = [...(await succeeded(ops)), ...(await succeeded(archive))];
  return new Set(rows.map((r) => r.key));
}

/** The state of the newest operation of a kind on a login, or null when it has none. */
export async function latestOperationState(
  db: DbOrTx,
  o: { login: number; kind: OperationKind },
): Promise<OperationState | null> {
  const [op] = await db
    .select({ state: ops.state })
    .from(ops)
    .where(and(eq(ops.login, o.login), eq(ops.kind, o.kind)))
    .orderBy(desc(ops.seq))
    .limit(1);
  return (op?.state as OperationState | undefined) ?? null;
}
