import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { openTestDatabase, testDbKind } from '../../apps/server/test/support/db.ts';
import type { Database } from '@brokerdesk/server/db/client';
import { alerts } from '@brokerdesk/server/db/schema';
import { seedDemoData } from './seed.ts';
import { raiseDemoAlerts } from './alerts.ts';

/** The demo opens the Alerts screen with alerts to resolve (docs/product.md [alerts.rules]). */
describe(`demo alerts (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('raises shared-identifier alerts on the clients paying from a shared bank account, once', async () => {
    await seedDemoData(database.db, { clients: 300, seed: 1 });
    const [row] = await database.db
      .select({ n: count() })
      .from(alerts)
      .where(eq(alerts.rule, 'shared-identifier'));
    expect(row!.n).toBeGreaterThan(0);
    // Raised once per rule and request: running the rules again adds nothing.
    expect(await raiseDemoAlerts(database.db, Math.floor(Date.now() / 1000))).toBe(0);
  });
});
