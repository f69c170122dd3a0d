import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calls, RECONCILIATION_CSV_COLUMNS, RECONCILIATION_MAX_DAYS, urlOf } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { verifyAuditChain } from '../../src/audit/verify.ts';
import { parseCsv } from '../audit/support.ts';
import { briefs, seeder } from './support.ts';

type Brief = ReturnType<typeof briefs>[number];
const sorted = (rows: Brief[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe(`reconciliation with the platform (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let rita: string;
  let clientId: string;
  let s: ReturnType<typeof seeder>;
  // The seeded period and what was seeded in it.
  let from: number;
  let to: number;
  let a: number;
  let b: number;
  let c: number;
  const ids: Record<string, string> = {};

  // Unchecked: the same helper sends the periods the server must refuse.
  const run = (body: unknown) => t.unchecked(calls.reconciliation.runReconciliation, { body }, t.auth(token));

  beforeAll(async () => {
    ({ t, token, staffId: rita } = await startDesk({ email: 'rita@recon.test', name: 'Rita' }));
    clientId = await t.createUser({ email: 'client@recon.test', role: 'USER', name: 'Carla' });
    s = seeder(t, token, clientId);

    // Before the period: accounts with opening balances, and a deposit approved now but only credited
    // once the period has begun (its approval belongs to the period before).
    a = await s.account(1000);
    b = await s.account(500);
    c = await s.account();
    ids.early = await s.deposit(a, 10);
    await s.approve('deposit', ids.early, { settle: false });
    t.clock.advance(600);
    from = t.clock.now();
    await s.settle();

    // Where the books agree: a deposit, a withdrawal and a transfer run through the platform.
    ids.okDeposit = await s.deposit(a, 100);
    await s.approve('deposit', ids.okDeposit);
    ids.okWithdrawal = await s.withdrawal(a, 50);
    await s.approve('withdrawal', ids.okWithdrawal);
    ids.okTransfer = await s.transfer(a, b, 25);
    await s.approve('transfer', ids.okTransfer);

    // Missing deals: the console says the money moved; the platform has nothing.
    ids.missingDeposit = await s.deposit(a, 40, 'done');
    ids.missingWithdrawal = await s.withdrawal(b, 15, 'done');
    ids.halfTransfer = await s.transfer(a, b, 30, 'done');
    await t.platform.balance(a, -30, `trs:${ids.halfTransfer}`);

    // Amount differs: the deal under the request's key is for another amount.
    ids.differs = await s.deposit(a, 200, 'done');
    await t.platform.balance(a, 20, `dep:${ids.differs}`);

    // Extra deals: a second credit for an agreed deposit (critical: a duplicate), a credit for a rejected
    // deposit (critical: money moved for a request not done), and a deal made on the platform by hand.
    await t.platform.balance(a, 100, `dep:${ids.okDeposit}`);
    ids.rejected = await s.deposit(b, 60, 'rejected');
    await t.platform.balance(b, 60, `dep:${ids.rejected}`);
    await t.platform.balance(c, 75, 'bonus by hand');
    // A closed trade is not a funding deal (deal/get_batch lists trades too).
    t.fake?.ledger.trade(a, 12.5, 'EURUSD closed');

    t.clock.advance(60);
    to = t.clock.now();
    // After the period: the next period's business.
    t.clock.advance(600);
    await t.platform.balance(c, 5, 'later bonus');
  });
  afterAll(() => t.stop());

  it('finds each kind of mismatch over every live account, and nothing where the books agree', async () => {
    const r = await run({ from, to });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      trigger: 'manual',
      status: 'mismatches',
      login: null,
      from,
      to,
      actorId: rita,
      actorName: 'Rita Staff',
      accountsChecked: 3,
      // okDeposit, okWithdrawal, both okTransfer legs, missingDeposit, missingWithdrawal, both
      // halfTransfer legs, differs; not the early deposit, approved before the period.
      legsChecked: 9,
      mismatchCount: 7,
      error: '',
    });
    expect(r.body.finishedAt).toBe(t.clock.now());
    expect(briefs(r)).toEqual(
      sorted([
        {
          kind: 'missing_deal',
          login: a,
          requestId: ids.missingDeposit!,
          leg: 'deposit',
          expectedAmount: 40,
          dealAmount: null,
        },
        {
          kind: 'missing_deal',
          login: b,
          requestId: ids.missingWithdrawal!,
          leg: 'withdrawal',
          expectedAmount: -15,
          dealAmount: null,
        },
        {
          kind: 'missing_deal',
          login: b,
          requestId: ids.halfTransfer!,
          leg: 'transfer_destination',
          expectedAmount: 30,
          dealAmount: null,
        },
        {
          kind: 'amount_differs',
          login: a,
          requestId: ids.differs!,
          leg: 'deposit',
          expectedAmount: 200,
          dealAmount: 20,
        },
        {
          kind: 'duplicate_deal',
          login: a,
          requestId: ids.okDeposit!,
          leg: 'deposit',
          expectedAmount: 100,
          dealAmount: 100,
        },
        {
          // Money moved for a request the console rejected: critical, like a duplicate.
          kind: 'unapproved_deal',
          login: b,
          requestId: ids.rejected!,
          leg: null,
          expectedAmount: null,
          dealAmount: 60,
        },
        { kind: 'extra_deal', login: c, requestId: null, leg: null, expectedAmount: null, dealAmount: 75 },
      ]),
    );
    const byRequest = (id: string | undefined) => r.body.mismatches.find((m) => m.requestId === id)!;
    // What staff need to follow each one up: the request, its client and the deal.
    expect(byRequest(ids.missingDeposit)).toMatchObject({
      requestType: 'deposit',
      requestStatus: 'approved',
      userId: clientId,
      clientName: 'Carla Staff',
      currency: 'USD',
      comment: `dep:${ids.missingDeposit}`,
      dealId: null,
    });
    expect(byRequest(ids.rejected)).toMatchObject({
      requestType: 'deposit',
      requestStatus: 'rejected',
      userId: clientId,
      comment: `dep:${ids.rejected}`,
      dealId: expect.any(String),
      note: expect.stringContaining('status rejected'),
      critical: true,
    });
    expect(byRequest(ids.okDeposit).note).toMatch(/twice/);
    expect(r.body.mismatches.find((m) => m.login === c)).toMatchObject({
      requestType: null,
      comment: 'bonus by hand',
      dealTime: expect.any(Number),
    });
  });

  it('checks one account when asked', async () => {
    const r = await run({ login: b, from, to });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ login: b, accountsChecked: 1, mismatchCount: 3 });
    expect(briefs(r).map((m) => [m.kind, m.requestId])).toEqual(
      expect.arrayContaining([
        ['missing_deal', ids.missingWithdrawal],
        ['missing_deal', ids.halfTransfer],
        ['unapproved_deal', ids.rejected],
      ]),
    );
    // Account c alone, over a period in which nothing happened on it: all clear.
    const quiet = await run({ login: c, from: from - 3 * 86_400, to: from - 2 * 86_400 });
    expect(quiet.body).toMatchObject({ status: 'ok', mismatchCount: 0, mismatches: [] });
  });

  it('keeps every report: listed newest first, opened again, exported as CSV; runs and exports are audited', async () => {
    t.clock.advance(1);
    const first = await run({ from, to });
    const list = await t.call(
      calls.reconciliation.listReconciliationReports,
      { body: { page: 1, sizePerPage: 2 } },
      t.auth(token),
    );
    expect(list.status).toBe(200);
    expect(list.body.totalSize).toBeGreaterThanOrEqual(4);
    expect(list.body.reports).toHaveLength(2);
    expect(list.body.reports[0]!._id).toBe(first.body._id);
    const ofB = await t.call(
      calls.reconciliation.listReconciliationReports,
      { body: { login: b } },
      t.auth(token),
    );
    expect(ofB.body.reports.map((x) => x.login)).toEqual([b]);

    const again = await t.call(
      calls.reconciliation.getReconciliationReport,
      { params: { id: first.body._id } },
      t.auth(token),
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const csv = await fetch(
      t.base + urlOf(calls.reconciliation.exportReconciliationReport, { params: { id: first.body._id } }),
      { headers: t.auth(token) },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="reconciliation-all-/);
    const [header, ...rows] = parseCsv(await csv.text());
    expect(header).toEqual([...RECONCILIATION_CSV_COLUMNS]);
    expect(rows).toHaveLength(7);
    const col = (name: (typeof RECONCILIATION_CSV_COLUMNS)[number]) =>
      RECONCILIATION_CSV_COLUMNS.indexOf(name);
    const differs = rows.find((row) => row[col('requestId')] === ids.differs)!;
    expect(differs[col('kind')]).toBe('amount_differs');
    expect(differs[col('expectedAmount')]).toBe('200');
    expect(differs[col('dealAmount')]).toBe('20');
    expect(differs[col('clientName')]).toBe('Carla Staff');
    const debit = rows.find((row) => row[col('requestId')] === ids.missingWithdrawal)!;
    // A debit stays a number, not text a spreadsheet would escape.
    expect(debit[col('expectedAmount')]).toBe('-15');

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reconciliation_report'), eq(auditLog.entityId, first.body._id)));
    expect(trail.map((row) => [row.action, row.actorId])).toEqual([
      ['reconciliation.run', rita],
      ['reconciliation.exported', rita],
    ]);
    expect(trail[0]!.after).toMatchObject({ status: 'mismatches', mismatchCount: 7, from, to });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('keeps a run that could not reach the platform, as failed, with the reason', async () => {
    t.faults.down();
    try {
      const r = await run({ login: a, from, to });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'failed', mismatchCount: 0, mismatches: [] });
      expect(r.body.error).toMatch(/^The platform could not be read: /);
    } finally {
      t.faults.clear();
    }
    const after = await run({ login: a, from, to });
    expect(after.body.status).toBe('mismatches');
  });

  it('refuses a bad period, an unknown report and a caller without a session', async () => {
    const backwards = await run({ from: to, to: from });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ errors: { to: expect.any(String) } });
    const tooLong = await run({ from, to: from + RECONCILIATION_MAX_DAYS * 86_400 });
    expect(tooLong.status).toBe(400);
    expect((await run({ from, to, extra: 1 })).status).toBe(400);
    expect((await run({ login: -5, from, to })).status).toBe(400);
    const unknown = await t.call(
      calls.reconciliation.getReconciliationReport,
      { params: { id: newId() } },
      t.auth(token),
    );
    expect(unknown.status).toBe(404);
    expect((await t.call(calls.reconciliation.runReconciliation, { body: { from, to } })).status).toBe(401);
  });
});
