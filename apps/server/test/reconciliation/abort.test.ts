import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  reconciliationAlerts as alerts,
  reconciliationBatches as batches,
  reconciliationMismatches as mismatches,
  reconciliationReports as reports,
} from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { ReconciliationService } from '../../src/features/reconciliation/service.ts';
import { ReconciliationJob } from '../../src/features/reconciliation/job.ts';
import type { TradingPlatform } from '../../src/integrations/platform/types.ts';
import { seeder } from './support.ts';

const DAY = 86_400;
const HOUR = 3_600;
const quiet = { info: () => undefined, warn: () => undefined };
// Three of the groups the console creates accounts in (one with MT5's backslash), read in this order.
const GROUPS = ['real', 'real\\ecn-usd', 'real\\standard-usd'];

describe(`a daily reconciliation stopped with the server, and resumed (${testDbKind})`, () => {
  let t: TestApp;
  let s: ReturnType<typeof seeder>;

  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'ann@abort.test', password: 'Correct-Horse-1' });
    const clientId = await t.createUser({ email: 'client@abort.test', role: 'USER' });
    s = seeder(t, await t.signIn('ann@abort.test', 'Correct-Horse-1'), clientId);
    // Today, two accounts per group, each group with something wrong: a deposit without a deal and
    // one credited twice (critical); a deal by hand and one of another amount; a withdrawal without one.
    const [a1, a2, b1, b2, c1] = [
      await s.account(0, GROUPS[0]),
      await s.account(0, GROUPS[0]),
      await s.account(0, GROUPS[1]),
      await s.account(0, GROUPS[1]),
      await s.account(0, GROUPS[2]),
      await s.account(0, GROUPS[2]),
    ];
    await s.deposit(a1!, 40, 'done');
    const twice = await s.deposit(a2!, 100, 'done');
    await t.platform.balance(a2!, 100, `dep:${twice}`);
    await t.platform.balance(a2!, 100, `dep:${twice}:2`);
    await t.platform.balance(b1!, 75, 'bonus by hand');
    const differs = await s.deposit(b2!, 200, 'done');
    await t.platform.balance(b2!, 20, `dep:${differs}`);
    await s.withdrawal(c1!, 15, 'done');
    // 02:00 UTC of the next day: today is due.
    const now = t.clock.now();
    t.clock.advance(Math.floor(now / DAY) * DAY + DAY + 2 * HOUR - now);
  });
  afterAll(() => t.stop());

  /** The platform, with each group read written down, and a hook run before each one. */
  function watched(before: (group: string) => void = () => undefined) {
    const reads: string[] = [];
    const platform: TradingPlatform = Object.create(t.platform);
    platform.groupBalanceDeals = (group, from, to) => {
      reads.push(group);
      before(group);
      return t.platform.groupBalanceDeals(group, from, to);
    };
    return { platform, reads };
  }
  const job = (platform: TradingPlatform) =>
    new ReconciliationJob(
      new ReconciliationService({ db: t.db, platform: platform, clock: t.clock }),
      t.clock,
      quiet,
      { hourUtc: 1 },
    );

  it('ends within the batch in hand, keeps the batches it finished, and resumes after them', async () => {
    let stopped: Promise<void> | undefined;
    // The server is told to stop while the second group's deals are being read.
    const first = watched((group) => {
      if (group === GROUPS[1] && !stopped) stopped = stopping.stop();
    });
    const stopping = job(first.platform);
    const id = await stopping.runDue();
    await stopped;
    const [interrupted] = await t.db.select().from(reports).where(eq(reports.id, id!));
    expect(interrupted).toMatchObject({
      trigger: 'daily',
      status: 'failed',
      error: expect.stringMatching(/^Interrupted/),
      // What the finished batch found is kept and counted: the first group's two accounts.
      accountsChecked: 2,
      mismatchCount: 2,
    });
    expect((await t.db.select().from(batches).where(eq(batches.reportId, id!))).map((b) => b.batch)).toEqual([
      `group:${GROUPS[0]}`,
    ]);
    // The duplicate its finished batch found is raised at once, not only when the day is done.
    expect(await t.db.select().from(alerts)).toHaveLength(1);
    // A stopped job starts nothing more.
    expect(await stopping.runDue()).toBeNull();
    // A server that died instead leaves the report running with no totals; once its heartbeat is ten
    // minutes old it is marked interrupted with what its finished batches found, all the same.
    await t.db
      .update(reports)
      .set({ status: 'running', heartbeatAt: t.clock.now() - 11 * 60, accountsChecked: 0, mismatchCount: 0 })
      .where(eq(reports.id, id!));
    expect(
      await new ReconciliationService({ db: t.db, platform: t.platform, clock: t.clock }).failAbandoned(),
    ).toBe(1);
    const [abandoned] = await t.db.select().from(reports).where(eq(reports.id, id!));
    expect(abandoned).toMatchObject({ status: 'failed', accountsChecked: 2, mismatchCount: 2 });

    // The next start (or another server) takes the same report over and reads only what is left.
    const next = watched();
    const resumed = await job(next.platform).runDue();
    expect(resumed).toBe(id);
    expect(new Set(next.reads)).toEqual(new Set(GROUPS.slice(1)));
    const daily = await t.db.select().from(reports).where(eq(reports.trigger, 'daily'));
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({
      status: 'mismatches',
      error: '',
      accountsChecked: 6,
      legsChecked: 4,
      mismatchCount: 5,
      finishedAt: t.clock.now(),
    });
    // Nothing counted twice: five rows, one per difference, and the one alert.
    const rows = await t.db
      .select()
      .from(mismatches)
      .where(eq(mismatches.reportId, id!))
      .orderBy(asc(mismatches.id));
    expect(rows.map((m) => m.kind).sort()).toEqual([
      'amount_differs',
      'duplicate_deal',
      'extra_deal',
      'missing_deal',
      'missing_deal',
    ]);
    expect(await t.db.select().from(alerts)).toHaveLength(1);

    // The same day read in one go, by hand, finds the same.
    const service = new ReconciliationService({ db: t.db, platform: t.platform, clock: t.clock });
    const whole = await service.runNow(
      { from: daily[0]!.periodFrom, to: daily[0]!.periodTo },
      { userId: daily[0]!.id, ip: '127.0.0.1' },
    );
    const key = (m: { kind: string; login: number; requestId: string | null; dealAmount: number | null }) =>
      `${m.kind}|${m.login}|${m.requestId}|${m.dealAmount}`;
    expect(whole.mismatches.map(key).sort()).toEqual(rows.map(key).sort());
  });
});
