import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; inside db.transaction() use only this (PGlite has a single session). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/** The SQL migrations, next to this file in the sources and in the compiled server alike (npm run build). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const STATEMENT_TIMEOUT_MS = 15_000;
/** Any constant: serialises migrations when several servers start against one PostgreSQL. */
const MIGRATION_LOCK = 7_301_2026;

export type OpenOptions = {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined keeps PGlite in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * PGlite only: start from this dump of a database (PGlite's dumpDataDir) instead of an empty one. The
   * tests load an already-migrated dump, which is about twice as fast as creating and migrating.
   */
  template?: Blob;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 20);
  return openPglite(opts.dataDir, opts.template);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrator.query('create extension if not exists pg_trgm');
    await migratePg(drizzlePg(migrator, { schema, casing: 'snake_case' }), { migrationsFolder });
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
  });
  // An idle client losing its connection must not crash the server; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string | undefined, template?: Blob): Promise<Database> {
  let release = async () => undefined as void;
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    // PGlite takes no lock of its own: two servers on one folder would silently lose data.
    release = lockDataDir(dataDir);
    client = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  } else {
    client = new PGlite({ extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
  }
  try {
    await client.waitReady;
    await client.exec('create extension if not exists pg_trgm');
    const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}
