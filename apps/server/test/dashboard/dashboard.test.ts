import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallBody } from '@brokerdesk/contract';
import { sql } from 'drizzle-orm';
import type { DashboardActivity, DashboardOverview } from '@brokerdesk/contract';
import { startTestApp, type TestApp, type BodyOnlyCall } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { rowsOf } from '../../src/db/rows.ts';
import {
  bankAccounts,
  deposits,
  fundingHourly,
  ibRequests,
  platformStatusHistory,
  reconciliationReports,
  staffDecisionsHourly,
  withdrawals,
} from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { fundingFixtures } from '../funding/support.ts';
import { staffSession } from '../support/desk.ts';

/** The time column of each table a sidebar counter counts (menu_counters.table_name). */
const TIME_COLUMN: Record<string, string> = {
  users: 'timestamp',
  ib_requests: 'timestamp',
  deposits: 'timestamp',
  withdrawals: 'timestamp',
  transfers: 'timestamp',
  bank_accounts: 'timestamp',
  sub_account_requests: 'time_created',
  leverage_changes: 'timestamp',
  reconciliation_alerts: 'found_at',
  alerts: 'created_at',
};

/**
 * The operations dashboard: its figures are the database's own kept totals and index
 * descents; here they are compared with counts made from scratch after real approvals and rejections.
 */
describe(`operations dashboard (${testDbKind})`, () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let annId: string;
  let bobId: string;
  let clientId: string;
  let f: ReturnType<typeof fundingFixtures>;

  beforeAll(async () => {
    t = await startTestApp({ alertRules: false });
    // The money test reads "today" (UTC) after settling, which moves the clock on by minutes: begun in the
    // last hours of a day, its approvals fell on one day and "today" on the next (a CI run at 23:55 UTC).
    const intoDay = t.clock.now() % 86_400;
    if (intoDay > 20 * 3600) t.clock.advance(86_400 - intoDay + 1800);
    ({ id: annId, token: ann } = await staffSession(t, 'ann@desk.test', 'ADMIN', 'Ann'));
    ({ id: bobId, token: bob } = await staffSession(t, 'bob@desk.test', 'SYSOP', 'Bob'));
    clientId = await t.createUser({ email: 'c@client.test', role: 'USER', status: 'new' });
    f = fundingFixtures(t, () => clientId);
  });
  afterAll(() => t.stop());

  const overview = async () => {
    const r = await t.call(calls.dashboard.getDashboardOverview, {}, t.auth(ann));
    expect(r.status).toBe(200);
    return r.body;
  };
  const activity = async (query = '') => {
    const r = await t.raw<DashboardActivity>(
      calls.dashboard.getDashboardActivity,
      { query: Object.fromEntries(new URLSearchParams(query)) },
      t.auth(ann),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const post = <D extends BodyOnlyCall>(token: string, def: D, body: CallBody<D>) =>
    t.post(def, body, t.auth(token));

  /** Each counter's count and oldest time, counted now with the counter's own predicate. */
  async function fromScratch() {
    const defs = rowsOf<{ name: string; table_name: string; predicate: string }>(
      await t.db.execute(sql`select name, table_name, predicate from menu_counters order by name`),
    );
    const out: Record<string, { count: number; oldestAt: number | null }> = {};
    for (const d of defs) {
      const time = TIME_COLUMN[d.table_name]!;
      const [row] = rowsOf<{ n: number; oldest: string | null }>(
        await t.db.execute(
          sql.raw(
            `select count(*)::int as n, min(${time}) as oldest from ${d.table_name} where ${d.predicate}`,
          ),
        ),
      );
      out[d.name] = { count: row!.n, oldestAt: row!.oldest === null ? null : Number(row!.oldest) };
    }
    return out;
  }

  it('shows every queue with the count and oldest arrival that counting from scratch finds', async () => {
    const now = t.clock.now();
    const login = await f.account();
    const old = await f.deposit(login, 50, { timestamp: now - 7200 });
    const older = await f.deposit(login, 60, { timestamp: now - 9000 });
    await f.deposit(login, 70, { timestamp: now - 60 });
    await f.withdrawal(login, 10, { timestamp: now - 300 });
    // A card-provider withdrawal the provider has not processed is not the desk's yet (migration 0014).
    await f.withdrawal(login, 10, {
      timestamp: now - 99_999,
      providerHandled: true,
      providerStatus: 'CREATED',
    });
    await t.db
      .insert(ibRequests)
      .values({ id: newId(), userId: clientId, status: 'pending', timestamp: now - 500 });
    await t.db.insert(bankAccounts).values({
      id: newId(),
      userId: clientId,
      bankName: 'Bank',
      bankCountry: 'GB',
      bankAccountCurrency: 'GBP',
      status: 'pending',
      timestamp: now - 40,
    });

    let o = await overview();
    const byQueue = (view: DashboardOverview) =>
      Object.fromEntries(view.queues.map((q) => [q.queue, { count: q.count, oldestAt: q.oldestAt }]));
    expect(byQueue(o)).toEqual(await fromScratch());
    expect(byQueue(o).newDeposits).toEqual({ count: 3, oldestAt: now - 9000 });
    expect(byQueue(o).newWithdrawals).toEqual({ count: 1, oldestAt: now - 300 });
    expect(o.now).toBe(now);

    // Approving the oldest and rejecting the next moves the age on to the newest one left.
    expect((await post(ann, calls.funding.processDeposit, { depositId: older })).status).toBe(200);
    const rejected = await post(bob, calls.funding.updateDeposit, {
      deposit: { _id: old, status: 'rejected', comment: 'Third-party payment.' },
    });
    expect(rejected.status).toBe(200);
    o = await overview();
    expect(byQueue(o)).toEqual(await fromScratch());
    expect(byQueue(o).newDeposits).toEqual({ count: 1, oldestAt: now - 60 });
    expect(o.queues.map((q) => q.queue)).toContain('criticalMismatches');
  });

  it('counts approved money by day and currency, and each staff member’s decisions, as counted from scratch', async () => {
    const login = await f.account(5000);
    const usd = await f.deposit(login, 125.5);
    const eur = await f.deposit(login, 80, { depositCurrency: 'EUR' });
    const out = await f.withdrawal(login, 40);
    const no = await f.withdrawal(login, 41);
    await post(ann, calls.funding.processDeposit, { depositId: usd });
    await post(bob, calls.funding.updateDeposit, {
      deposit: { _id: eur, status: 'approved', comment: '' },
    });
    await post(bob, calls.funding.processWithdrawal, { withdrawalId: out });
    await post(ann, calls.funding.updateWithdrawal, {
      withdrawal: { _id: no, status: 'rejected', comment: 'Wrong bank.' },
    });
    await f.settle();

    const a = await activity('?days=30&tz=UTC');
    expect(a.days).toHaveLength(30);
    const today = a.days.at(-1)!;
    const dayStart = today.start;
    const sums = async (table: typeof deposits | typeof withdrawals) => {
      const [currency, amount] =
        table === deposits
          ? [deposits.depositCurrency, deposits.depositAmountSent]
          : [withdrawals.withdrawalCurrency, withdrawals.withdrawalAmount];
      const rows = await t.db
        .select({
          currency,
          count: sql<number>`count(*)::int`,
          amount: sql<number>`sum(${amount})::float8`,
        })
        .from(table)
        .where(sql`${table.status} = 'approved' and ${table.timeApproved} >= ${dayStart}`)
        .groupBy(currency)
        .orderBy(currency);
      return rows.map((r) => ({ currency: r.currency, count: Number(r.count), amount: Number(r.amount) }));
    };
    expect(today.deposits).toEqual(await sums(deposits));
    expect(today.withdrawals).toEqual(await sums(withdrawals));
    expect(today.deposits).toEqual([
      { currency: 'EUR', count: 1, amount: 80 },
      { currency: 'USD', count: 2, amount: 185.5 },
    ]);
    expect(today.withdrawals).toEqual([{ currency: 'USD', count: 1, amount: 40 }]);

    // Ann: two approvals (one in the first test) and one rejection; Bob: two approvals and one rejection.
    const staff = Object.fromEntries(a.staff.map((s) => [s.name, { today: s.today, period: s.period }]));
    expect(staff).toEqual({
      'Ann Staff': { today: { approved: 2, rejected: 1 }, period: { approved: 2, rejected: 1 } },
      'Bob Staff': { today: { approved: 2, rejected: 1 }, period: { approved: 2, rejected: 1 } },
    });

    // The totals the triggers kept equal the recount from scratch (dashboard_totals_recount).
    const kept = async () => ({
      funding: await t.db
        .select()
        .from(fundingHourly)
        .where(sql`${fundingHourly.n} <> 0`)
        .orderBy(sql`1, 2, 3`),
      staff: await t.db
        .select()
        .from(staffDecisionsHourly)
        .where(sql`${staffDecisionsHourly.approved} + ${staffDecisionsHourly.rejected} > 0`)
        .orderBy(sql`1, 2`),
    });
    const before = await kept();
    await t.db.execute(sql`select dashboard_totals_recount()`);
    expect(await kept()).toEqual(before);
  });

  it('takes money away again when an approved request is changed by hand', async () => {
    const login = await f.account();
    const id = await f.deposit(login, 999, { depositCurrency: 'GBP' });
    await t.db.execute(
      sql`update ${deposits} set status = 'approved', time_approved = ${t.clock.now()} where id = ${id}`,
    );
    const gbp = async () => (await activity()).days.at(-1)!.deposits.find((d) => d.currency === 'GBP');
    expect(await gbp()).toEqual({ currency: 'GBP', count: 1, amount: 999 });
    await t.db.execute(sql`update ${deposits} set deposit_amount_sent = 1000 where id = ${id}`);
    expect(await gbp()).toEqual({ currency: 'GBP', count: 1, amount: 1000 });
    await t.db.execute(sql`update ${deposits} set status = 'rejected' where id = ${id}`);
    expect(await gbp()).toBeUndefined();
  });

  it('shows four-eyes approvals waiting for a second approver, and the latest reconciliation runs', async () => {
    await post(bob, calls.approvals.setThreshold, {
      requestType: 'deposit',
      currency: 'USD',
      amount: 100,
    });
    const login = await f.account();
    const big = await f.deposit(login, 5000);
    const firstAt = t.clock.now();
    expect((await post(ann, calls.funding.processDeposit, { depositId: big })).status).toBe(200);
    t.clock.advance(30);
    let o = await overview();
    // A fresh database starts with every threshold set: four-eyes is off nowhere.
    expect(o.fourEyes).toEqual({
      count: 1,
      oldestAt: firstAt,
      off: [],
      byType: [{ requestType: 'deposit', count: 1, oldestAt: firstAt }],
    });
    expect((await post(bob, calls.funding.processDeposit, { depositId: big })).status).toBe(200);
    // Without a threshold, the dashboard says where four-eyes is off.
    for (const currency of ['GBP', 'USD'] as const)
      await post(bob, calls.approvals.setThreshold, {
        requestType: 'transfer',
        currency,
        amount: null,
      });
    o = await overview();
    expect(o.fourEyes).toEqual({
      count: 0,
      oldestAt: null,
      off: [
        { requestType: 'transfer', currency: 'GBP' },
        { requestType: 'transfer', currency: 'USD' },
      ],
      byType: [],
    });

    const now = t.clock.now();
    const run = (status: string, startedAt: number, mismatchCount: number) => ({
      id: newId(),
      trigger: 'manual',
      status,
      periodFrom: now - 86_400,
      periodTo: now,
      startedAt,
      finishedAt: status === 'running' ? null : startedAt + 20,
      accountsChecked: 12,
      mismatchCount,
    });
    const older = run('mismatches', now - 3600, 3);
    const newer = run('ok', now - 60, 0);
    await t.db.insert(reconciliationReports).values([older, newer]);
    o = await overview();
    expect(o.reconciliation.map((r) => [r._id, r.status, r.mismatchCount, r.finishedAt])).toEqual([
      [newer.id, 'ok', 0, now - 40],
      [older.id, 'mismatches', 3, now - 3580],
    ]);
  });

  it('keeps a platform’s status changes, not every check, and its last 24 hours', async () => {
    const { PlatformChecker } = await import('../../src/integrations/platform/checker.ts');
    let health: { ok: true } | { ok: false; reason: string } = { ok: true };
    const platform = { name: t.platform.name, status: async () => health };
    const checker = new PlatformChecker(t.db, [platform as never], t.clock, { warn: () => undefined });
    const history = () =>
      t.db
        .select({ status: platformStatusHistory.status, at: platformStatusHistory.at })
        .from(platformStatusHistory)
        .orderBy(platformStatusHistory.id);
    const start = t.clock.now();
    await checker.checkOnce();
    t.clock.advance(5);
    await checker.checkOnce();
    health = { ok: false, reason: 'Connection refused' };
    t.clock.advance(5);
    await checker.checkOnce();
    t.clock.advance(5);
    await checker.checkOnce();
    health = { ok: true };
    t.clock.advance(10);
    await checker.checkOnce();
    t.clock.advance(20);
    await checker.checkOnce();
    const mine = (await history()).filter((h) => h.at >= start);
    expect(mine).toEqual([
      { status: 'OK', at: start },
      { status: 'Connection refused', at: start + 10 },
      { status: 'OK', at: start + 25 },
    ]);

    const [p] = (await overview()).platforms;
    expect(p!.platform).toBe(t.platform.name);
    expect(p!.status).toBe('OK');
    expect(p!.since).toBe(start + 25);
    expect(p!.changes.slice(0, 3)).toEqual([...mine].reverse());
    expect(p!.spans.at(-1)).toEqual({ status: 'OK', from: start + 25, to: start + 45 });
    expect(p!.spans.at(-2)).toEqual({ status: 'Connection refused', from: start + 10, to: start + 25 });
    // 45 seconds known, 15 of them down.
    expect(p!.uptime24h).toBeCloseTo(30 / 45, 10);
  });

  it('counts days in the staff member’s time zone, DST included', async () => {
    const { DashboardService } = await import('../../src/features/dashboard/service.ts');
    const { localDays } = await import('../../src/features/dashboard/local-days.ts');
    const { manualClock } = await import('../../src/lib/clock.ts');
    // 2026-03-11 01:00 UTC; the deposit was approved two hours before, late on the 10th in UTC.
    const now = Date.UTC(2026, 2, 11, 1) / 1000;
    const login = await f.account();
    const id = await f.deposit(login, 7, { depositCurrency: 'GBP' });
    await t.db.execute(
      sql`update ${deposits} set status = 'approved', time_approved = ${now - 7200} where id = ${id}`,
    );
    const service = new DashboardService({ db: t.db, clock: manualClock(now), platformNames: [] });
    const gbpByDate = async (tz: string) =>
      Object.fromEntries(
        (await service.activity(2, tz)).days.map((d) => [
          d.date,
          d.deposits.find((x) => x.currency === 'GBP')?.amount ?? 0,
        ]),
      );
    expect(await gbpByDate('UTC')).toEqual({ '2026-03-10': 7, '2026-03-11': 0 });
    // Tokyo (UTC+9): both moments are on the 11th.
    expect(await gbpByDate('Asia/Tokyo')).toEqual({ '2026-03-10': 0, '2026-03-11': 7 });
    // New York (UTC-4 since the 8th): both are on the evening of the 10th.
    expect(await gbpByDate('America/New_York')).toEqual({ '2026-03-09': 0, '2026-03-10': 7 });
    // Kolkata (UTC+5:30): 04:30 on the 11th.
    expect(await gbpByDate('Asia/Kolkata')).toEqual({ '2026-03-10': 0, '2026-03-11': 7 });

    // The day clocks go forward has 23 hours; local midnight is 05:00 UTC before it, 04:00 after.
    const [sunday, monday] = localDays(Date.UTC(2026, 2, 9, 12) / 1000, 'America/New_York', 2);
    expect(sunday).toEqual({
      date: '2026-03-08',
      start: Date.UTC(2026, 2, 8, 5) / 1000,
      end: Date.UTC(2026, 2, 9, 4) / 1000,
    });
    expect(monday!.start).toBe(sunday!.end);
  });

  it('refuses bad activity queries with field errors', async () => {
    for (const [query, field] of [
      ['?tz=Mars/Olympus_Mons', 'tz'],
      ['?days=0', 'days'],
      ['?days=91', 'days'],
      ['?days=ten', 'days'],
      ['?days=2.5', 'days'],
      ['?window=30', ''],
    ] as const) {
      const r = await t.raw<{ errors: Record<string, string> }>(
        calls.dashboard.getDashboardActivity,
        { query: Object.fromEntries(new URLSearchParams(query)) },
        t.auth(ann),
      );
      expect(r.status, query).toBe(400);
      if (field) expect(Object.keys(r.body.errors), query).toContain(field);
    }
    expect(annId).not.toBe(bobId);
  });
});
