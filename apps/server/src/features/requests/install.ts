import { getTableName, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { AnyRequestKind } from './kind.ts';

/** Any constant: serialises the start of several servers against one database. */
const INSTALL_LOCK = 7_301_2027;

/** What a kind's counter counts unless it says otherwise: the requests that have just arrived. */
export const DEFAULT_COUNTS = `status = 'pending'`;

/**
 * What a kind's table needs in the database, made at start from its definition: its sidebar counter
 * (a row of menu_counters and the statement triggers that keep it, docs/product.md [entity.menu-counters])
 * and its live topic (the notify_change trigger that announces its changes). The product's kinds find
 * everything in place (the migrations made it) and nothing is written; a new kind needs only its table.
 * A counter whose condition changed is counted again from its table.
 */
export async function installRequestKinds(db: Db, kinds: readonly AnyRequestKind[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    for (const kind of kinds) {
      const table = getTableName(kind.table);
      await installCounter(tx, kind.wire.counter, table, kind.counts ?? DEFAULT_COUNTS);
      await installTrigger(
        tx,
        table,
        `${table}_notify_change`,
        'AFTER INSERT OR UPDATE OR DELETE',
        'notify_change',
      );
    }
  });
}

async function installCounter(tx: Tx, name: string, table: string, predicate: string): Promise<void> {
  const [kept] = rowsOf<{ table_name: string; predicate: string }>(
    await tx.execute(sql`select table_name, predicate from menu_counters where name = ${name}`),
  );
  if (kept?.table_name === table && kept.predicate === predicate) return;
  await tx.execute(sql`insert into menu_counters (name, table_name, predicate) values (${name}, ${table}, ${predicate})
    on conflict (name) do update set table_name = excluded.table_name, predicate = excluded.predicate`);
  const track = 'menu_counters_track';
  await installTrigger(
    tx,
    table,
    `${table}_counters_insert`,
    'AFTER INSERT',
    track,
    'REFERENCING NEW TABLE AS menu_new_rows',
  );
  await installTrigger(
    tx,
    table,
    `${table}_counters_update`,
    'AFTER UPDATE',
    track,
    'REFERENCING OLD TABLE AS menu_old_rows NEW TABLE AS menu_new_rows',
  );
  await installTrigger(
    tx,
    table,
    `${table}_counters_delete`,
    'AFTER DELETE',
    track,
    'REFERENCING OLD TABLE AS menu_old_rows',
  );
  await installTrigger(tx, table, `${table}_counters_truncate`, 'AFTER TRUNCATE', track);
  await tx.execute(
    sql`update menu_counters set n = (select count(*) from ${sql.identifier(table)} where ${sql.raw(predicate)}) where name = ${name}`,
  );
}

/** A statement trigger, made only when the table has none of that name. */
async function installTrigger(
  tx: Tx,
  table: string,
  name: string,
  when: string,
  fn: string,
  referencing = '',
): Promise<void> {
  const exists = rowsOf(
    await tx.execute(
      sql`select 1 from pg_trigger where tgname = ${name} and tgrelid = to_regclass(${table})`,
    ),
  );
  if (exists.length > 0) return;
  await tx.execute(
    sql`create trigger ${sql.identifier(name)} ${sql.raw(when)} on ${sql.identifier(table)} ${sql.raw(referencing)} for each statement execute function ${sql.identifier(fn)}()`,
  );
}
