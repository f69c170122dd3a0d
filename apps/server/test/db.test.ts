import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, testDbKind } from './support/db.ts';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { rowsOf } from '../src/db/rows.ts';

describe(`database (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('is migrated with pg_trgm available', async () => {
    const r = await database.db.execute(sql`select similarity('brokerdesk', 'brokerdisk') > 0.3 as close`);
    expect(rowsOf<{ close: boolean }>(r)[0]?.close).toBe(true);
  });

  it('refuses a second user with the same email in another case', async () => {
    const base = { name: 'A', surname: 'B', timestamp: 1 };
    await database.db.insert(users).values({ ...base, id: newId(), email: 'Same@Example.com' });
    await expect(
      database.db.insert(users).values({ ...base, id: newId(), email: 'same@example.com' }),
    ).rejects.toThrow();
  });
});
