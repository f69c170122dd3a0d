import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

/** A test's database; `url` on PostgreSQL (what pg_dump reads). */
export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (the suite runs once each way).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const fresh = await freshPostgresDatabase();
  if (!fresh) return openDatabase({ template: await migratedPgliteDump() });
  return openFresh(fresh);
}

/** A fresh PostgreSQL database opened (and migrated), dropped again when it is closed. */
export async function openFresh(fresh: { url: string; drop: () => Promise<void> }): Promise<TestDatabase> {
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 5 });
  return {
    ...database,
    url: fresh.url,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * A dump of a freshly migrated PGlite, made once per set of migrations and kept in the temporary folder,
 * so each test file loads it instead of running every migration again. Written under a temporary name
 * and renamed, so test workers racing to make it never read half a file.
 */
async function migratedPgliteDump(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  const dumpFile = path.join(
    os.tmpdir(),
    `brokerdesk-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`,
  );
  if (!fs.existsSync(dumpFile)) {
    const made = await openDatabase({});
    const dump = await (made.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await made.close();
    const partial = `${dumpFile}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, dumpFile);
  }
  return new Blob([fs.readFileSync(dumpFile)]);
}

/** A new, empty database on the TEST_DATABASE_URL server (null without one), and how to drop it. */
export async function freshPostgresDatabase(
  prefix = 'bd_test',
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const testDbKind =
  (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite') +
  (process.env.TEST_PLATFORM === 'mt5' ? ', MT5 Web API fake' : '');
