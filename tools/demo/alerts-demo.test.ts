import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALERT_RULES } from '@brokerdesk/contract';
import { openTestDatabase, testDbKind } from '../../apps/server/test/support/db.ts';
import type { Database } from '@brokerdesk/server/db/client';
import { alerts } from '@brokerdesk/server/db/schema';
import { AlertsService } from '@brokerdesk/server/features/alerts/service';
import { SimulatorPlatform } from '@brokerdesk/server/integrations/platform/simulator';
import { seedDemoData, DEMO_NOW } from './seed.ts';
import { raiseDemoAlerts } from './alerts.ts';

/** The demo opens the Alerts screen with a case of every rule (docs/product.md [alerts.rules]). */
describe(`demo alerts (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('raises an alert of every rule on the demo clients, once', async () => {
    await seedDemoData(database.db, { clients: 300, seed: 1, alertCases: true });
    // The server drains what the seed left queued with its platform: the low-trading case.
    const clock = { now: () => DEMO_NOW };
    await new AlertsService({
      db: database.db,
      clock,
      platform: new SimulatorPlatform(database.db, clock),
    }).settled();
    const rules = await database.db.selectDistinct({ rule: alerts.rule }).from(alerts);
    expect(rules.map((r) => r.rule).sort()).toEqual([...ALERT_RULES].sort());
    const shared = await database.db.select().from(alerts).where(eq(alerts.rule, 'shared-identifier'));
    expect(shared.length).toBeGreaterThan(1);
    // Raised once per rule and request: running the rules again adds nothing.
    expect(await raiseDemoAlerts(database.db, DEMO_NOW, { cases: true })).toBe(0);
  });
});
