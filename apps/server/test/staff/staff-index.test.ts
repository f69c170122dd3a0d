import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import type { Database } from '../../src/db/client.ts';

/** The staff list must not scan every client (a million users): a partial index holds only staff rows. */
describe(`staff are found through an index (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("serves `where role in ('ADMIN','SYSOP')` from users_staff_idx", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // With sequential scans priced out, the planner shows which index can serve the query at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = (await tx.execute(sql`explain select id from users where role in ('ADMIN', 'SYSOP')`)) as {
        rows: Record<string, string>[];
      };
      return r.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('users_staff_idx');
  });
});
