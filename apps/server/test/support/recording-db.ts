import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as schema from '../../src/db/schema.ts';
import type { Database, Db } from '../../src/db/client.ts';

/**
 * The same database, through a drizzle instance that writes the text of every statement it runs into
 * `statements` (values left out: they differ between any two requests). For comparing the work two
 * calls do, e.g. that a reset for an unknown email runs the same statements as one for staff.
 */
export function recordingDb(database: Database, statements: string[]): Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  const options = {
    schema,
    casing: 'snake_case' as const,
    logger: { logQuery: (query: string) => void statements.push(query) },
  };
  return (database.kind === 'pglite'
    ? drizzlePglite(client as never, options)
    : drizzlePg(client as never, options)) as unknown as Db;
}
