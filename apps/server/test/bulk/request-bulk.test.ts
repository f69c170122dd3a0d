import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  calls,
  IB_MESSAGES,
  MESSAGES,
  STAFF_MESSAGES,
  type BulkKind,
  type BulkResult,
} from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import {
  auditLog,
  bankAccounts,
  ibRequests,
  leverageChanges,
  platformOperations,
  subAccountRequests,
  users,
} from '../../src/db/schema.ts';
import { bankAccount } from '../banks/fixtures.ts';
import { leverageRequest, subAccountRequest } from '../support/desk.ts';
import { client, ibRequest, setQuota } from '../partners/fixtures.ts';

type Reply = { results: BulkResult[]; errors?: Record<string, string> };
const PASSWORD = 'Correct-Horse-1';

/**
 * Bulk Approve / Reject on bank details, leverage, sub-account and IB requests: each row
 * through the same service call as the row alone, one answer per id, an audit record per decided row.
 */
describe(`bulk decisions on the non-money request lists (${testDbKind})`, () => {
  let t: TestApp;
  let adminId: string;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    t = await startTestApp();
    adminId = await t.createUser({ email: 'ann@bulk.test', password: PASSWORD, role: 'ADMIN' });
    clientId = await t.createUser({ email: 'client@bulk.test', role: 'USER' });
  });
  beforeEach(async () => {
    token = await t.signIn('ann@bulk.test', PASSWORD);
  });
  afterAll(() => t.stop());

  const bulk = (kind: BulkKind, body: Record<string, unknown>) =>
    t.raw<Reply>(calls.bulk.BULK_CALLS[kind], { body }, t.auth(token));
  const audits = async (id: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(asc(auditLog.id))).map(
      (a) => [a.action, a.actorId],
    );

  it('approves and declines pending bank details; one decided meanwhile gets the 409', async () => {
    const a = await bankAccount(t, clientId);
    const b = await bankAccount(t, clientId);
    const done = await bankAccount(t, clientId, { status: 'approved' });
    const r = await bulk('bankAccount', { action: 'approve', ids: [a, done] });
    expect(r.body.results).toEqual([
      { _id: a, ok: true, message: 'Bank details updated.' },
      { _id: done, ok: false, status: 409, error: 'This bank account is already approved.' },
    ]);
    const blank = await bulk('bankAccount', { action: 'reject', ids: [b] });
    expect(blank.body.errors).toEqual({ reason: MESSAGES.rejectWithoutReason('account') });
    const declined = await bulk('bankAccount', { action: 'reject', ids: [b], reason: 'Blurred statement' });
    expect(declined.body.results).toEqual([{ _id: b, ok: true, message: 'Bank details updated.' }]);
    const rows = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, clientId));
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    // The details themselves are untouched: only the status (and a decline's reason) change.
    expect(byId[a]).toMatchObject({ status: 'approved', bankName: 'Barclays', bankSortCode: '20-00-00' });
    expect(byId[b]).toMatchObject({ status: 'rejected', comment: 'Blurred statement' });
    expect(await audits(a)).toEqual([['bank-account.approved', adminId]]);
    expect(await audits(b)).toEqual([['bank-account.rejected', adminId]]);
    expect(await audits(done)).toEqual([]);
  });

  it('approves leverage changes as the list button does (sent to the platform) and rejects with the reason', async () => {
    const change = (status = 'pending') =>
      leverageRequest(t, clientId, { accountNumber: 900_001, newLeverage: '400', status });
    const one = await change();
    const two = await change();
    const old = await change('rejected');
    const r = await bulk('leverage', { action: 'approve', ids: [one, old] });
    expect(r.body.results).toEqual([
      { _id: one, ok: true, message: 'Leverage change updated.' },
      { _id: old, ok: false, status: 409, error: 'This leverage change is already rejected.' },
    ]);
    const ops = await t.db
      .select()
      .from(platformOperations)
      .where(eq(platformOperations.idempotencyKey, `lev:${one}`));
    expect(ops.map((o) => o.kind)).toEqual(['setLeverage']);
    const blank = await bulk('leverage', { action: 'reject', ids: [two], reason: '' });
    expect(blank.body.errors).toEqual({ reason: MESSAGES.rejectWithoutReason('leverage change') });
    const rejected = await bulk('leverage', { action: 'reject', ids: [two], reason: 'Too high' });
    expect(rejected.body.results).toEqual([{ _id: two, ok: true, message: 'Leverage change updated.' }]);
    const [row] = await t.db.select().from(leverageChanges).where(eq(leverageChanges.id, two));
    expect(row).toMatchObject({ status: 'rejected', comment: 'Too high' });
    expect(await audits(one)).toEqual([['leverage.approve_process', adminId]]);
    expect(await audits(two)).toEqual([['leverage.rejected', adminId]]);
  });

  it("opens the accounts of clients' sub-account requests; staff-made and decided ones are refused", async () => {
    const request = (over: Partial<typeof subAccountRequests.$inferInsert> = {}) =>
      subAccountRequest(t, clientId, over);
    const mine = await request();
    const staffMade = await request({ adminRequested: true });
    const decided = await request({ status: 'approved' });
    const other = await request();
    const r = await bulk('subAccount', { action: 'approve', ids: [staffMade, mine, decided] });
    expect(r.body.results).toEqual([
      { _id: staffMade, ok: false, status: 403, error: 'Requests made by staff cannot be changed.' },
      { _id: mine, ok: true, message: MESSAGES.accountUpdated },
      { _id: decided, ok: false, status: 409, error: 'This request is already approved.' },
    ]);
    const [opened] = await t.db.select().from(subAccountRequests).where(eq(subAccountRequests.id, mine));
    expect(opened).toMatchObject({ status: 'approved', accountId: expect.any(String) });
    const rejected = await bulk('subAccount', { action: 'reject', ids: [other], reason: 'Not eligible' });
    expect(rejected.body.results).toEqual([{ _id: other, ok: true, message: MESSAGES.accountUpdated }]);
    expect(await audits(mine)).toEqual([['subaccount.approved', adminId]]);
    expect(await audits(other)).toEqual([['subaccount.rejected', adminId]]);
    expect(await audits(staffMade)).toEqual([]);
  });

  it("decides the ticked IB requests with one comment; a staff member's request is refused", async () => {
    await setQuota(t, 5, 50);
    const first = await ibRequest(t, await client(t));
    const retry = await ibRequest(t, await client(t), 'error');
    const done = await ibRequest(t, await client(t), 'approved');
    const sysop = await t.createUser({ email: 'root@bulk.test', role: 'SYSOP' });
    const ofSysop = await ibRequest(t, sysop);
    const noComment = await bulk('ibRequest', { action: 'approve', ids: [first] });
    expect(noComment.status).toBe(400);
    expect(noComment.body.errors).toEqual({ reason: IB_MESSAGES.commentRequired });

    const r = await bulk('ibRequest', {
      action: 'approve',
      ids: [first, done, ofSysop, retry],
      reason: 'Welcome aboard',
    });
    expect(r.body.results).toEqual([
      { _id: first, ok: true, message: expect.stringMatching(/^The IB request was approved/) },
      { _id: done, ok: false, status: 409, error: 'This IB request is already approved.' },
      { _id: ofSysop, ok: false, status: 403, error: STAFF_MESSAGES.managedOnStaffScreen },
      { _id: retry, ok: true, message: expect.stringMatching(/^The IB request was approved/) },
    ]);
    const rows = await t.db.select().from(ibRequests).where(eq(ibRequests.id, first));
    expect(rows[0]).toMatchObject({ status: 'approved', comment: 'Welcome aboard' });
    const [partner] = await t.db.select().from(users).where(eq(users.id, rows[0]!.userId));
    expect(partner!.role).toBe('PARTNER');
    expect(await audits(first)).toEqual([['ib-request.approved', adminId]]);

    const later = await ibRequest(t, await client(t));
    const rejected = await bulk('ibRequest', { action: 'reject', ids: [later], reason: 'No clients yet' });
    expect(rejected.body.results).toEqual([
      { _id: later, ok: true, message: 'The IB request was rejected.' },
    ]);
    expect(await audits(later)).toEqual([['ib-request.rejected', adminId]]);
  });
});
