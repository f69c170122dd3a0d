import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, deposits, reconciliationReports as reports } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { ReconciliationService } from '../../src/features/reconciliation/service.ts';
import { ReconciliationJob, dailyPeriod } from '../../src/features/reconciliation/job.ts';
import { seeder } from './support.ts';
import { insertRow } from '../support/insert-row.ts';

const DAY = 86_400;
const HOUR = 3_600;
const quiet = { info: () => undefined, warn: () => undefined };

describe(`the daily reconciliation (${testDbKind})`, () => {
  let t: TestApp;
  let s: ReturnType<typeof seeder>;
  let clientId: string;
  const job = () =>
    new ReconciliationJob(
      new ReconciliationService({ db: t.db, platform: t.platform, clock: t.clock }),
      t.clock,
      quiet,
      {
        hourUtc: 1,
      },
    );
  const daily = () =>
    t.db.select().from(reports).where(eq(reports.trigger, 'daily')).orderBy(asc(reports.startedAt));

  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'dan@daily.test', password: 'Correct-Horse-1' });
    clientId = await t.createUser({ email: 'client@daily.test', role: 'USER' });
    s = seeder(t, await t.signIn('dan@daily.test', 'Correct-Horse-1'), clientId);
    // The app's clock at 02:00 UTC of the next day: the day before today is due.
    const now = t.clock.now();
    t.clock.advance(Math.floor(now / DAY) * DAY + DAY + 2 * HOUR - now);
  });
  afterAll(() => t.stop());

  it('covers the last whole UTC day, from the set hour of the day after', () => {
    const midnight = 1_790_035_200; // a UTC midnight
    expect(dailyPeriod(midnight + 2 * HOUR, 1)).toEqual({ from: midnight - DAY, to: midnight - 1 });
    // Before 01:00 the day before yesterday is still the last one due.
    expect(dailyPeriod(midnight + 30 * 60, 1)).toEqual({ from: midnight - 2 * DAY, to: midnight - DAY - 1 });
    expect(dailyPeriod(midnight + HOUR, 1)).toEqual({ from: midnight - DAY, to: midnight - 1 });
  });

  it('reconciles yesterday once, comparing its requests with the deals', async () => {
    const day = dailyPeriod(t.clock.now(), 1);
    const login = await s.account();
    // A deposit credited yesterday by the console's account, without a deal on the platform.
    await insertRow(t.db, deposits, {
      userId: clientId,
      timestamp: day.from + 100,
      depositCurrency: 'USD',
      depositAmountSent: 90,
      accountNumber: login,
      status: 'approved',
      mtStatus: 'SUCCESS',
      timeApproved: day.from + 200,
    });
    const reportId = await job().runDue();
    expect(reportId).toEqual(expect.any(String));
    const [report] = await t.db.select().from(reports).where(eq(reports.id, reportId!));
    expect(report).toMatchObject({
      trigger: 'daily',
      status: 'mismatches',
      periodFrom: day.from,
      periodTo: day.to,
      actorId: null,
      mismatchCount: 1,
      startedAt: t.clock.now(),
    });
    // The system ran it: its audit row has no actor.
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.run'), eq(auditLog.entityId, reportId!)));
    expect(row).toMatchObject({ actorId: null, after: expect.objectContaining({ trigger: 'daily' }) });

    // Later the same day, or on another server at the same moment: nothing more to do.
    t.clock.advance(5 * HOUR);
    expect(await job().runDue()).toBeNull();
    const [first, second] = await Promise.all([job().runDue(), job().runDue()]);
    expect([first, second]).toEqual([null, null]);
    expect(await daily()).toHaveLength(1);
  });

  it('runs the next day once the clock reaches it, one server only', async () => {
    t.clock.advance(DAY);
    const results = await Promise.all([job().runDue(), job().runDue()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const all = await daily();
    expect(all).toHaveLength(2);
    expect(all[1]!.periodFrom).toBe(all[0]!.periodFrom + DAY);
    expect(all[1]!.status).toBe('ok');
  });

  it('tries a failed day again after an hour, and takes over a day a stopped server left running', async () => {
    t.clock.advance(DAY);
    t.faults.down();
    const failed = await job().runDue();
    t.faults.clear();
    const [row] = await t.db.select().from(reports).where(eq(reports.id, failed!));
    expect(row).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/platform could not be read/),
    });
    t.clock.advance(30 * 60);
    expect(await job().runDue()).toBeNull();
    t.clock.advance(31 * 60);
    const retried = await job().runDue();
    expect(retried).not.toBeNull();
    expect((await t.db.select().from(reports).where(eq(reports.id, retried!)))[0]!.status).toBe('ok');

    // The next day was claimed by a server that stopped halfway: ten minutes without a heartbeat and
    // it goes on, in the same report, from where that server stopped (resume.test.ts).
    t.clock.advance(DAY);
    const day = dailyPeriod(t.clock.now(), 1);
    const stale = newId();
    await t.db.insert(reports).values({
      id: stale,
      trigger: 'daily',
      status: 'running',
      periodFrom: day.from,
      periodTo: day.to,
      startedAt: t.clock.now(),
    });
    expect(await job().runDue()).toBeNull();
    t.clock.advance(10 * 60 - 1);
    expect(await job().runDue()).toBeNull();
    t.clock.advance(2);
    const rerun = await job().runDue();
    expect(rerun).toBe(stale);
    const [left] = await t.db.select().from(reports).where(eq(reports.id, stale));
    expect(left).toMatchObject({ status: 'ok', error: '', finishedAt: t.clock.now() });
  });
});
