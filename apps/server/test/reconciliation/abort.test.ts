import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { reconciliationReports as reports } from '../../src/db/schema.ts';
import { ReconciliationService } from '../../src/features/reconciliation/service.ts';
import { ReconciliationJob } from '../../src/features/reconciliation/job.ts';
import type { TradingPlatform } from '../../src/integrations/platform/types.ts';
import { seeder } from './support.ts';

const DAY = 86_400;
const HOUR = 3_600;
const ACCOUNTS = 6;
const quiet = { info: () => undefined, warn: () => undefined };

describe(`a daily reconciliation stopped with the server (${testDbKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'ann@abort.test', password: 'Correct-Horse-1' });
    const clientId = await t.createUser({ email: 'client@abort.test', role: 'USER' });
    const s = seeder(t, await t.signIn('ann@abort.test', 'Correct-Horse-1'), clientId);
    for (let i = 0; i < ACCOUNTS; i++) await s.account();
    // 02:00 UTC of the next day: yesterday is due.
    const now = t.clock.now();
    t.clock.advance(Math.floor(now / DAY) * DAY + DAY + 2 * HOUR - now);
  });
  afterAll(() => t.stop());

  it('ends after the account in hand, is recorded as interrupted, and runs in full at the next start', async () => {
    let asked = 0;
    let stopped: Promise<void> | undefined;
    // The platform, except that the server is told to stop while it reads the third account's deals.
    const platform: TradingPlatform = Object.create(t.platform);
    platform.balanceDeals = (...args) => {
      asked++;
      if (asked === 3) stopped = first.stop();
      return t.platform.balanceDeals(...args);
    };
    const first = new ReconciliationJob(new ReconciliationService(t.db, platform, t.clock), t.clock, quiet, {
      hourUtc: 1,
    });
    const interrupted = await first.runDue();
    await stopped;
    expect(asked).toBe(3);
    const [report] = await t.db.select().from(reports).where(eq(reports.id, interrupted!));
    expect(report).toMatchObject({
      trigger: 'daily',
      status: 'failed',
      error: expect.stringMatching(/^Interrupted/),
    });
    // A stopped job starts nothing more.
    expect(await first.runDue()).toBeNull();

    // The next start (or another server) takes the day over at once and checks every account.
    const next = new ReconciliationJob(new ReconciliationService(t.db, t.platform, t.clock), t.clock, quiet, {
      hourUtc: 1,
    });
    const rerun = await next.runDue();
    expect(rerun).not.toBe(interrupted);
    const daily = await t.db
      .select()
      .from(reports)
      .where(eq(reports.trigger, 'daily'))
      .orderBy(asc(reports.startedAt), asc(reports.id));
    expect(daily.map((r) => r.status).sort()).toEqual(['failed', 'ok']);
    expect(daily.find((r) => r.id === rerun)).toMatchObject({ status: 'ok', accountsChecked: ACCOUNTS });
  });
});
