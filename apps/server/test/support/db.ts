import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (the suite runs once each way).
 */
export async function openTestDatabase(): Promise<Database> {
  const fresh = await freshPostgresDatabase();
  if (!fresh) return openDatabase({});
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/** A new, empty database on the TEST_DATABASE_URL server (null without one), and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `bd_test_${crypto.randomBytes(6).toString('hex')}`;
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
