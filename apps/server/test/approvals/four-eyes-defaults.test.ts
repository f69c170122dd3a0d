import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { approvalThresholds, users } from '../../src/db/schema.ts';
import { migrationsFolder } from '../../src/db/client.ts';
import { newId } from '../../src/lib/ids.ts';
import { openTestDatabase, testDbKind, type TestDatabase } from '../support/db.ts';

const DEFAULTS = fs.readFileSync(`${migrationsFolder}/0022_four_eyes_on_by_default.sql`, 'utf8');
const pairs = (rows: { requestType: string; currency: string; amount: number }[]) =>
  rows.map((r) => `${r.requestType} ${r.currency} ${r.amount}`).sort();

/**
 * Four-eyes on out of the box: a fresh database starts with a threshold of 10,000 per currency for
 * deposits, withdrawals and transfers; a database that already has users keeps its settings.
 */
describe(`four-eyes thresholds of a new console (${testDbKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('a fresh database has every threshold at 10,000', async () => {
    const rows = await database.db.select().from(approvalThresholds);
    expect(pairs(rows)).toEqual(
      ['deposit', 'transfer', 'withdrawal'].flatMap((t) =>
        ['EUR', 'GBP', 'USD'].map((c) => `${t} ${c} 10000`),
      ),
    );
    // Set by nobody: the console shows it as the default of a new console.
    expect(new Set(rows.map((r) => r.updatedBy))).toEqual(new Set(['']));
  });

  it('an existing database keeps its settings: none stays none, a changed one stays changed', async () => {
    await database.db.insert(users).values({
      id: newId(),
      email: 'existing@defaults.test',
      name: 'Ed',
      surname: 'Staff',
      role: 'SYSOP',
      status: 'approved',
      emailVerified: true,
      timestamp: 1_790_000_000,
    });
    await database.db.delete(approvalThresholds);
    await database.db.execute(sql.raw(DEFAULTS));
    expect(await database.db.select().from(approvalThresholds)).toEqual([]);
    await database.db
      .insert(approvalThresholds)
      .values({ requestType: 'deposit', currency: 'USD', amount: 250, updatedBy: 'x', updatedAt: 1 });
    await database.db.execute(sql.raw(DEFAULTS));
    expect(pairs(await database.db.select().from(approvalThresholds))).toEqual(['deposit USD 250']);
  });
});
