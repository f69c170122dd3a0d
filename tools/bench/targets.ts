import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import * as schema from '../../apps/server/src/db/schema.ts';

export type Statement = { sql: string; params: unknown[] };

/**
 * How the bench data's statuses are spread (fill.sql): 'worst' is a seventh of every table waiting (the
 * shape the lists were tuned on); 'realistic' is a few hundred of each kind waiting, most approved.
 */
export type Distribution = 'worst' | 'realistic';
export const DISTRIBUTIONS: readonly Distribution[] = ['worst', 'realistic'];

/** Each distribution has its own database (or folder); the worst case keeps the name it always had. */
const suffix = (d: Distribution) => (d === 'worst' ? '' : `_${d}`);

/**
 * One database the benchmark runs against: PostgreSQL (the production case) or the embedded PGlite.
 * Each can fill itself with the bulk rows, give a Drizzle handle that records the SQL it runs (so the
 * bench replays exactly the API's statements), and run a statement bare, prepared, with no HTTP around it.
 */
export type BenchTarget = {
  label: string;
  database: Database;
  /** Bulk rows once; a database that already holds `clients` clients is kept as it is. */
  fill: (clients: number) => Promise<void>;
  /** A Drizzle handle on the same data that hands every statement it runs to `record`. */
  recording: (record: (s: Statement) => void) => Db;
  /** Runs one statement prepared (named on PostgreSQL, as pgbench -M prepared does). */
  runPrepared: (name: string, s: Statement) => Promise<void>;
  close: () => Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));

/** The bulk scripts, each with the count (a share of the clients) that shows it already ran on a database. */
const SCRIPTS: { file: string; table: ReturnType<typeof sql>; share?: number }[] = [
  { file: path.join(here, 'fill.sql'), table: sql`users where role in ('USER', 'PARTNER')` },
  { file: path.join(here, 'fill-more.sql'), table: sql`trading_accounts` },
  // A tenth of the clients have logs (three each): done once there are clients / 10 * 3 of them.
  { file: path.join(here, 'fill-profiles.sql'), table: sql`client_logs`, share: 0.3 },
];

/** The scripts still to run on a database for `clients` clients. */
async function scriptsToRun(db: Db, clients: number): Promise<string[]> {
  const todo: string[] = [];
  for (const s of SCRIPTS) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${s.table}`));
    if ((row?.n ?? 0) < Math.floor(clients * (s.share ?? 1)) - 3) todo.push(s.file);
  }
  return todo;
}

function announce(label: string, clients: number): number {
  console.log(
    `filling ${label} with ${clients.toLocaleString('en')} clients and ${(5 * clients).toLocaleString('en')} funding rows ...`,
  );
  return Date.now();
}

/** PostgreSQL: a database per size (bd_bench_<clients>) on the server `adminUrl` names, filled by psql. */
export async function postgresTarget(
  adminUrl: string,
  clients: number,
  distribution: Distribution,
): Promise<BenchTarget> {
  const name = `bd_bench_${clients}${suffix(distribution)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();

  const database = await openDatabase({ databaseUrl: url, poolSize: 40 });
  const bare = new pg.Client({ connectionString: url });
  await bare.connect();
  const recorder = new pg.Pool({ connectionString: url, max: 2 });
  return {
    label: `PostgreSQL (${name})`,
    database,
    fill: async (n) => {
      const todo = await scriptsToRun(database.db, n);
      if (todo.length === 0) return;
      const started = announce(name, n);
      for (const file of todo) {
        execFileSync(
          'psql',
          [
            url,
            '-q',
            '-v',
            `clients=${n}`,
            '-v',
            `now=${Math.floor(Date.now() / 1000)}`,
            '-v',
            `realistic=${distribution === 'realistic'}`,
            '-f',
            file,
          ],
          { stdio: 'inherit' },
        );
      }
      console.log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    },
    recording: (record) =>
      drizzlePg(recorder, {
        schema,
        casing: 'snake_case',
        logger: { logQuery: (q, p) => record({ sql: q, params: p }) },
      }) as unknown as Db,
    runPrepared: async (statementName, s) => {
      await bare.query({ name: statementName, text: s.sql, values: s.params });
    },
    close: async () => {
      await bare.end();
      await recorder.end();
      await database.close();
    },
  };
}

/**
 * PGlite: the embedded database `npm start` uses, in a folder kept between runs (DATA_DIR's layout).
 * PGlite has one connection, so its figures are for one caller at a time; psql cannot reach it, so the
 * same fill.sql runs through PGlite itself with its variables put in.
 */
export async function pgliteTarget(dataDir: string, distribution: Distribution): Promise<BenchTarget> {
  const database = await openDatabase({ dataDir });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    label: `PGlite (${dataDir})`,
    database,
    fill: async (n) => {
      const todo = await scriptsToRun(database.db, n);
      if (todo.length === 0) return;
      const started = announce(dataDir, n);
      for (const file of todo) {
        const script = fs
          .readFileSync(file, 'utf8')
          .replace(/^\\set .*$/m, '')
          .replaceAll(':clients', String(n))
          .replaceAll(':realistic', String(distribution === 'realistic'))
          .replaceAll(':now', String(Math.floor(Date.now() / 1000)));
        await client.exec(script);
      }
      console.log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    },
    recording: (record) =>
      drizzlePglite(client, {
        schema,
        casing: 'snake_case',
        logger: { logQuery: (q, p) => record({ sql: q, params: p }) },
      }) as unknown as Db,
    runPrepared: async (_name, s) => {
      // PGlite's query() is the extended protocol: parse, bind and execute, with no network between.
      await client.query(s.sql, s.params as unknown[]);
    },
    close: () => database.close(),
  };
}

/** The default PGlite bench folder for a size, under the system's temporary folder. */
export function pgliteDir(clients: number, distribution: Distribution): string {
  return path.join(process.env.TMPDIR ?? '/tmp', `brokerdesk-bench-pglite-${clients}${suffix(distribution)}`);
}
