import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/client.ts';
import { freshPostgresDatabase, openFresh, type TestDatabase } from './db.ts';

const run = promisify(execFile);

/**
 * A backup of a test database and its restore into a new one, as operators do it
 * (docs/operations.md "Restore drill"): pg_dump and pg_restore on PostgreSQL, the data folder's dump on
 * PGlite.
 */
export type Backup = { kind: 'postgres'; file: string } | { kind: 'pglite'; dump: Blob };

/** pg_dump and pg_restore of the cluster the tests run on (with-postgres.sh sets PG_BINDIR). */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const dirs = [process.env.PG_BINDIR, ...installedBindirs()].filter((d): d is string => Boolean(d));
  for (const dir of dirs) if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  return name;
}

function installedBindirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(root, v, 'bin'));
}

export async function backupDatabase(database: TestDatabase): Promise<Backup> {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return { kind: 'pglite', dump: await client.dumpDataDir('none') };
  }
  if (!database.url) throw new Error('a PostgreSQL test database without its URL cannot be dumped');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bd-backup-')), 'backup.dump');
  await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, database.url]);
  return { kind: 'postgres', file };
}

/** A new database holding the backup; the server that opens it runs its migrations as on any start. */
export async function restoreDatabase(backup: Backup): Promise<TestDatabase> {
  if (backup.kind === 'pglite') return openDatabase({ template: backup.dump });
  const fresh = await freshPostgresDatabase();
  if (!fresh) throw new Error('TEST_DATABASE_URL is needed to restore a PostgreSQL backup');
  await run(pgTool('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${fresh.url}`, backup.file]);
  return openFresh(fresh);
}
