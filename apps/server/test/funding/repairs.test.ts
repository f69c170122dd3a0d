import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like, or } from 'drizzle-orm';
import { calls, type CallBody, MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp, type BodyOnlyCall } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, platformOperations } from '../../src/db/schema.ts';
import { fundingPair, type fundingFixtures } from './support.ts';

const UPDATE = {
  deposit: calls.funding.updateDeposit,
  withdrawal: calls.funding.updateWithdrawal,
  transfer: calls.funding.updateTransfer,
} as const;

/**
 * Requests the platform refused: a deposit whose credit failed and a withdrawal in the Error
 * tab are sent again as a new operation or rejected; a transfer whose debit failed is closed. Each
 * retry moves the money at most once, whatever the number of staff pressing it.
 */
describe(`retrying or closing refused requests (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let desk: Awaited<ReturnType<typeof fundingPair>>;
  let f: ReturnType<typeof fundingFixtures>;
  beforeAll(async () => {
    t = await startTestApp({ alertRules: false });
    desk = await fundingPair(t, ['fix1', 'fix2'], 'refused');
    f = desk.f;
  });
  // Settling moves the clock past back-offs, and so past the sessions' idle limit: sign in afresh.
  beforeEach(async () => {
    [token, other] = await desk.signIn();
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>, who = token) =>
    t.post(def, body, t.auth(who));
  // Unchecked: one helper for the three kinds, whose bodies name the request by its kind.
  const update = (kind: keyof typeof UPDATE, body: Record<string, unknown>, who = token) =>
    t.unchecked(UPDATE[kind], { body: { [kind]: { comment: '', ...body } } }, t.auth(who));
  const operationsOf = (prefix: string, id: string) =>
    t.db
      .select({ key: platformOperations.idempotencyKey, state: platformOperations.state })
      .from(platformOperations)
      .where(
        or(
          eq(platformOperations.idempotencyKey, `${prefix}:${id}`),
          like(platformOperations.idempotencyKey, `${prefix}:${id}:%`),
        ),
      );
  const auditActions = async (id: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action);

  /** A deposit approved to an account the platform does not have: the credit is refused. */
  async function refusedDeposit(amount: number) {
    const login = f.missingLogin();
    const id = await f.deposit(login, amount);
    expect((await post(calls.funding.processDeposit, { depositId: id })).status).toBe(200);
    await f.settle();
    const row = await f.depositRow(id);
    expect(row.status).toBe('approved');
    expect(row.mtStatus).toMatch(/not found/i);
    return { id, login };
  }

  it('sends a refused deposit credit again, once, under a new key', async () => {
    const { id, login } = await refusedDeposit(64.5);
    // Not yet: the account still does not exist, so the retry is refused too and can be retried again.
    expect((await update('deposit', { _id: id, status: 'retry' })).status).toBe(200);
    await f.settle();
    expect((await f.depositRow(id)).mtStatus).toMatch(/not found/i);
    await f.open(login);
    const retry = await update('deposit', { _id: id, status: 'retry', comment: 'account opened' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.request).toMatchObject({ status: 'approved', MTStatus: '', comment: 'account opened' });
    // A second retry before the platform answered: the first one is on its way.
    expect((await update('deposit', { _id: id, status: 'retry' }, other)).status).toBe(409);
    await f.settle();
    expect(await f.dealsOf(login)).toHaveLength(1);
    expect(await f.balanceOf(login)).toBe(64.5);
    expect(await f.depositRow(id)).toMatchObject({ status: 'approved', mtStatus: 'SUCCESS' });
    expect((await operationsOf('dep', id)).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `dep:${id}`, state: 'failed' },
      { key: `dep:${id}:1`, state: 'failed' },
      { key: `dep:${id}:2`, state: 'succeeded' },
    ]);
    // Credited: there is nothing left to retry.
    expect((await update('deposit', { _id: id, status: 'retry' })).status).toBe(409);
    expect(await auditActions(id)).toEqual(
      expect.arrayContaining(['deposit.approve-process', 'deposit.retry']),
    );
  });

  it('lets one of many concurrent retries through: one deal', async () => {
    const { id, login } = await refusedDeposit(20);
    await f.open(login);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        update('deposit', { _id: id, status: 'retry' }, i % 2 ? other : token),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(11);
    await f.settle();
    expect(await f.dealsOf(login)).toHaveLength(1);
    expect(await f.balanceOf(login)).toBe(20);
  });

  it('rejects a deposit whose credit failed: nothing credited, a reason required', async () => {
    const { id, login } = await refusedDeposit(33);
    const blank = await update('deposit', { _id: id, status: 'rejected', comment: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ errors: { comment: MESSAGES.rejectWithoutReason('deposit') } });
    const r = await update('deposit', { _id: id, status: 'rejected', comment: 'Wrong account number' });
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({ status: 'rejected', MTStatus: '' });
    expect((await f.depositRow(id)).timeRejected).not.toBeNull();
    expect((await update('deposit', { _id: id, status: 'retry' })).status).toBe(409);
    await f.settle();
    expect(await f.dealsOf(login)).toHaveLength(0);
    expect(await auditActions(id)).toContain('deposit.rejected');
  });

  it('refuses retry on a request the platform never refused', async () => {
    const login = await f.account();
    const pending = await f.deposit(login, 5);
    expect((await update('deposit', { _id: pending, status: 'retry' })).status).toBe(409);
    const wd = await f.withdrawal(login, 5);
    expect((await update('withdrawal', { _id: wd, status: 'retry' })).status).toBe(409);
    // A deposit merely set as approved has no failed credit either.
    const manual = await f.deposit(login, 7);
    await update('deposit', { _id: manual, status: 'approved', comment: 'paid by hand' });
    expect((await update('deposit', { _id: manual, status: 'retry' })).status).toBe(409);
    expect((await update('deposit', { _id: manual, status: 'rejected', comment: 'x' })).status).toBe(409);
  });

  it('sends an Error-tab withdrawal again once the money is there, or rejects it', async () => {
    const login = await f.account(50);
    const retried = await f.withdrawal(login, 80);
    const rejected = await f.withdrawal(login, 90);
    await post(calls.funding.processWithdrawal, { withdrawalId: retried });
    await post(calls.funding.processWithdrawal, { withdrawalId: rejected });
    await f.settle();
    expect((await f.withdrawalRow(retried)).status).toBe('error');
    expect((await f.withdrawalRow(rejected)).status).toBe('error');

    await t.platform.balance(login, 100, `topup:${login}`);
    const r = await update('withdrawal', { _id: retried, status: 'retry', dontEmailUser: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.request).toMatchObject({ status: 'approved', MTStatus: '' });
    expect((await update('withdrawal', { _id: retried, status: 'retry' }, other)).status).toBe(409);
    await f.settle();
    expect(await f.withdrawalRow(retried)).toMatchObject({ status: 'approved', mtStatus: 'SUCCESS' });
    expect(await f.balanceOf(login)).toBe(70);

    const closed = await update('withdrawal', {
      _id: rejected,
      status: 'rejected',
      comment: 'Client asked to cancel',
    });
    expect(closed.status).toBe(200);
    expect(closed.body.request).toMatchObject({ status: 'rejected', MTStatus: '' });
    await f.settle();
    expect(await f.balanceOf(login)).toBe(70);
    const debits = (await f.dealsOf(login)).filter((d) => d.amount < 0);
    expect(debits).toEqual([expect.objectContaining({ amount: -80, comment: `wd:${retried}:1` })]);
    expect(await auditActions(retried)).toContain('withdrawal.retry');
  });

  it('closes a transfer whose debit failed: rejected, nothing moved', async () => {
    const from = await f.account(10);
    const to = await f.account();
    const id = await f.transfer(from, to, 25);
    await post(calls.funding.processTransfer, { transferId: id });
    await f.settle();
    const half = await f.transferRow(id);
    expect(half.status).toBe('approved');
    expect(half.sourceMtStatus).toMatch(/money/i);

    const blank = await update('transfer', { _id: id, status: 'rejected' });
    expect(blank.body).toMatchObject({ errors: { comment: MESSAGES.rejectWithoutReason('transfer') } });
    const r = await update('transfer', { _id: id, status: 'rejected', comment: 'Not enough funds' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.request).toMatchObject({ status: 'rejected', sourceMTStatus: '', destinationMTStatus: '' });
    expect((await update('transfer', { _id: id, status: 'complete' })).status).toBe(409);
    await f.settle();
    expect(await f.balanceOf(from)).toBe(10);
    expect(await f.dealsOf(to)).toHaveLength(0);
    const legs = await t.db
      .select()
      .from(platformOperations)
      .where(and(like(platformOperations.idempotencyKey, `tr_:${id}%`)));
    expect(legs.map((l) => [l.idempotencyKey, l.state])).toEqual([[`trs:${id}`, 'failed']]);
  });

  it('does not close a transfer whose debit went through', async () => {
    const from = await f.account(100);
    const missing = f.missingLogin();
    const id = await f.transfer(from, missing, 30);
    await post(calls.funding.processTransfer, { transferId: id });
    await f.settle();
    // Money left the source: closing would lose it. It must be completed or reversed.
    const r = await update('transfer', { _id: id, status: 'rejected', comment: 'close it' });
    expect(r.status).toBe(409);
    expect((await f.transferRow(id)).status).toBe('approved');
  });
});
