import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallBody } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { ReconciliationReportDetail } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { tradingAccounts } from '../../src/db/schema.ts';
import { dealWindow, slices } from '../../src/features/reconciliation/plan.ts';
import { briefs, seeder } from './support.ts';

const DAY = 86_400;
const ECN = 'real\\ecn-usd';
const STANDARD = 'real\\standard-usd';

/**
 * Reconciliation reads a group's deals with one call per day of its window (a call per
 * account was a million calls at 1,000,000 accounts). Through the simulator, or with TEST_PLATFORM=mt5
 * through the real MT5 client and the protocol-level fake, whose deal/get_batch calls are counted.
 */
describe(`deals read by group (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let s: ReturnType<typeof seeder>;

  beforeAll(async () => {
    ({ t, token } = await startDesk('bea@batched.test'));
    const clientId = await t.createUser({ email: 'client@batched.test', role: 'USER' });
    s = seeder(t, () => token, clientId);
  });
  afterAll(() => t.stop());

  const run = (body: CallBody<typeof calls.reconciliation.runReconciliation>) =>
    t.call(calls.reconciliation.runReconciliation, { body }, t.auth(token));
  /** Platform reads made while `f` runs. */
  async function reads<T>(f: () => Promise<T>): Promise<{ value: T; reads: number }> {
    const before = t.dealReads();
    const value = await f();
    return { value, reads: t.dealReads() - before };
  }

  it('answers exactly the balance deals of the groups a mask names, in the window, ends included', async () => {
    const [x1, x2, y1, z1] = [
      await s.account(0, ECN),
      await s.account(0, ECN),
      await s.account(0, STANDARD),
      await s.account(0, 'real'),
    ];
    const t0 = t.clock.now();
    await t.platform.balance(x1!, 10, 'a');
    t.clock.advance(100);
    await t.platform.balance(x2!, 20, 'b');
    await t.platform.balance(y1!, 30, 'c');
    t.fake?.ledger.trade(x2!, 5, 'EURUSD closed'); // a trade is not a balance deal
    t.clock.advance(100);
    await t.platform.balance(x1!, 40, 'd');
    await t.platform.balance(z1!, 50, 'e');
    t.clock.advance(100);
    await t.platform.balance(x2!, 60, 'f');
    const comments = (deals: { comment: string; time: number }[]) =>
      [...deals].sort((p, q) => p.time - q.time || p.comment.localeCompare(q.comment)).map((d) => d.comment);

    const { value: window, reads: one } = await reads(() =>
      t.platform.groupBalanceDeals(ECN, t0 + 100, t0 + 200),
    );
    expect(one).toBe(1);
    expect(comments(window)).toEqual(['b', 'd']);
    expect(window.find((d) => d.comment === 'b')).toMatchObject({ login: x2, amount: 20, time: t0 + 100 });
    const all = t.clock.now();
    expect(comments(await t.platform.groupBalanceDeals(`real\\*,!${STANDARD}`, t0, all))).toEqual([
      'a',
      'b',
      'd',
      'f',
    ]);
    expect(comments(await t.platform.groupBalanceDeals(`real,${STANDARD}`, t0, all))).toEqual(['c', 'e']);
    expect(await t.platform.groupBalanceDeals('demo\\*', t0, all)).toEqual([]);
  });

  it('finds what reading account by account finds, with a call per group and day', async () => {
    t.clock.advance(3 * DAY);
    token = await t.signIn('bea@batched.test', 'Correct-Horse-1');
    const from = t.clock.now();
    const [a, b, c, d, e, moved] = [
      await s.account(0, ECN),
      await s.account(0, ECN),
      await s.account(0, STANDARD),
      await s.account(0, STANDARD),
      await s.account(0, 'real'),
      await s.account(0, ECN),
    ];
    // Agreed, then credited a second time (critical).
    const agreed = await s.deposit(a!, 100);
    await s.approve('deposit', agreed);
    await t.platform.balance(a!, 100, `dep:${agreed}:2`);
    await s.deposit(b!, 40, 'done'); // no deal: missing
    const differs = await s.deposit(c!, 200, 'done');
    await t.platform.balance(c!, 20, `dep:${differs}`);
    const rejected = await s.deposit(d!, 60, 'rejected');
    await t.platform.balance(d!, 60, `dep:${rejected}`);
    await t.platform.balance(e!, 75, 'bonus by hand');
    const pending = await s.deposit(e!, 30);
    await t.platform.balance(e!, 30, `dep:${pending}`);
    await t.platform.balance(e!, 30, `dep:${pending}:2`);
    // Moved to another group on the platform, the console not told yet: its deal is found all the same.
    await t.platform.setGroup(moved!, STANDARD);
    const paid = await s.deposit(moved!, 55, 'done');
    await t.platform.balance(moved!, 55, `dep:${paid}`);
    t.clock.advance(60);
    const period = { from, to: t.clock.now() };

    const batched = await reads(() => run(period));
    expect(batched.value.status).toBe(200);
    const live = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.live, true));
    const groups = new Set(live.map((acc) => acc.accountGroup)).size;
    const days = slices(dealWindow(period, t.clock.now())).length;
    // A call per group and day, and one for each account the group reads left a leg without a deal
    // (b, and the moved account before its own deals showed where its deposit went).
    expect(batched.reads).toBe(groups * days + 2);

    // The same data read account by account: the console knowing no groups, each login is asked.
    await t.db.update(tradingAccounts).set({ accountGroup: '' });
    const perAccount = await reads(() => run(period));
    await t.db.update(tradingAccounts).set({ accountGroup: tradingAccounts.managerGroup });
    expect(perAccount.reads).toBe(live.length);

    const totals = (r: ReconciliationReportDetail) => ({
      status: r.status,
      accountsChecked: r.accountsChecked,
      legsChecked: r.legsChecked,
      dealsChecked: r.dealsChecked,
      mismatchCount: r.mismatchCount,
    });
    expect(totals(batched.value.body)).toEqual(totals(perAccount.value.body));
    expect(batched.value.body).toMatchObject({ accountsChecked: live.length, mismatchCount: 7 });
    expect(briefs(batched.value)).toEqual(briefs(perAccount.value));
    const kinds = batched.value.body.mismatches.map((m) => m.kind).sort();
    expect(kinds).toEqual([
      'amount_differs',
      'duplicate_deal',
      'duplicate_deal',
      'duplicate_deal',
      'extra_deal',
      'missing_deal',
      'unapproved_deal',
    ]);
    const notes = (r: ReconciliationReportDetail) => r.mismatches.map((m) => `${m.dealId}|${m.note}`).sort();
    expect(notes(batched.value.body)).toEqual(notes(perAccount.value.body));
  });

  it('makes as many calls for many more accounts', async () => {
    const from = t.clock.now() - DAY;
    const period = { from, to: t.clock.now() };
    const before = await reads(() => run(period));
    for (let i = 0; i < 30; i++) await s.account(0, [ECN, STANDARD, 'real'][i % 3]);
    const after = await reads(() => run(period));
    expect(after.value.body.accountsChecked).toBe(before.value.body.accountsChecked + 30);
    expect(after.reads).toBe(before.reads);
    expect(after.value.body.mismatchCount).toBe(before.value.body.mismatchCount);
  });
});
