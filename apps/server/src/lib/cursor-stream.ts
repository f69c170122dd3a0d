import { getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

const END = Symbol('end');

/**
 * The rows of a query, batch by batch, through a server-side cursor: memory stays flat however many
 * rows there are, and the next batch is fetched only when the consumer asks (so a slow download slows
 * the query instead of filling memory). The cursor lives in a transaction; stopping early (a client
 * that goes away) closes it. On the embedded database the transaction holds its one session, which is
 * fine at demo sizes (docs/operations.md).
 */
export async function* cursorBatches<T extends PgTable>(
  db: Db,
  table: T,
  query: SQLWrapper,
  batchSize = 1000,
): AsyncGenerator<T['$inferSelect'][]> {
  for await (const { rows } of cursorBatchesWith(db, table, query, async () => undefined, batchSize))
    yield rows;
}

/**
 * cursorBatches, with what `lookup` finds for each batch (the clients its rows name, say). The lookup
 * runs in the cursor's transaction, once per batch: on the embedded database that transaction holds
 * the only session, so a lookup outside it would wait for the export to end.
 */
export async function* cursorBatchesWith<T extends PgTable, L>(
  db: Db,
  table: T,
  query: SQLWrapper,
  lookup: (tx: DbOrTx, rows: T['$inferSelect'][]) => Promise<L>,
  batchSize = 1000,
): AsyncGenerator<{ rows: T['$inferSelect'][]; lookup: L }> {
  const toRow = rowMapper(table);
  type Batch = { rows: T['$inferSelect'][]; lookup: L };
  // Batches handed from the transaction (producer) to this generator (consumer)...
  const queue: (Batch | typeof END)[] = [];
  let arrived: (() => void) | undefined;
  const push = (item: Batch | typeof END) => {
    queue.push(item);
    arrived?.();
  };
  // ...and the consumer's demand for the next one, so at most one batch waits in memory.
  let wanted: () => void = () => undefined;
  const demand = () => new Promise<void>((resolve) => (wanted = resolve));
  let asked = demand();
  let stopped = false;
  let failed: unknown;

  const run = db
    .transaction(async (tx) => {
      await tx.execute(sql`declare bd_export no scroll cursor for ${query}`);
      for (;;) {
        await asked;
        if (stopped) break;
        asked = demand();
        const raw = rowsOf<Record<string, unknown>>(
          await tx.execute(sql`fetch forward ${sql.raw(String(batchSize))} from bd_export`),
        );
        const rows = raw.map(toRow);
        push({ rows, lookup: rows.length > 0 ? await lookup(tx, rows) : (undefined as L) });
        if (raw.length < batchSize) break;
      }
      await tx.execute(sql`close bd_export`);
    })
    .catch((err: unknown) => {
      failed = err;
    })
    .finally(() => push(END));

  try {
    for (;;) {
      wanted();
      while (queue.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
      const batch = queue.shift()!;
      if (batch === END) break;
      if (batch.rows.length > 0) yield batch;
    }
  } finally {
    stopped = true;
    wanted();
    await run;
  }
  if (failed) throw failed;
}

/** Raw driver rows (snake_case names, driver types) to the table's typed rows, as drizzle maps them. */
function rowMapper<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    dbName: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    column,
  }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, dbName, column } of columns) {
      const v = raw[dbName];
      row[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
    }
    return row as T['$inferSelect'];
  };
}
