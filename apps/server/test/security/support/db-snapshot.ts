import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import { rowsOf } from '../../../src/db/rows.ts';

/**
 * Row count and an md5 of the sorted rows of every table in the public schema, in one statement. Two equal
 * snapshots mean no row was added, removed or changed in between.
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((r) => r.name);
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const literal = (name: string) => `'${name.replace(/'/g, "''")}'`;
  const parts = tables.map(
    (t) =>
      `select ${literal(t)} as name, count(*)::int as n, ` +
      `md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${quoted(t)} x`,
  );
  const rows = rowsOf<{ name: string; n: number; h: string }>(
    await db.execute(sql.raw(parts.join(' union all '))),
  );
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n} rows, md5 ${r.h}`]));
}
