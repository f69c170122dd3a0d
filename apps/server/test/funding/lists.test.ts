import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type Deposit, type Withdrawal } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { deposits, transfers, withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { transferRow } from './support.ts';

describe(`funding request lists (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('pay@desk.test'));
    ann = await t.createUser({ email: 'ann@funding.test', role: 'USER', name: 'Ann' });
    bob = await t.createUser({ email: 'bob@funding.test', role: 'USER', name: 'Bob' });
    const now = t.clock.now();
    const dep = (userId: string, status: string, amount: number, ts: number) => ({
      id: newId(ts),
      userId,
      timestamp: ts,
      depositCurrency: 'USD',
      depositAmountSent: amount,
      accountNumber: 500100,
      status,
      paymentGatewayService: 'Skrill',
      transactionId: `tx-${amount}`,
    });
    await t.db
      .insert(deposits)
      .values([
        dep(ann, 'pending', 100, now - 30),
        dep(bob, 'pending', 250.5, now - 20),
        dep(ann, 'incomplete', 75, now - 10),
        dep(bob, 'approved', 999, now - 40),
        dep(ann, 'rejected', 5, now - 50),
      ]);
    const wd = (status: string, extra: Record<string, unknown> = {}) => ({
      id: newId(),
      userId: ann,
      withdrawalType: 'wire',
      withdrawalCurrency: 'EUR',
      withdrawalAmount: 10,
      accountNumber: 500100,
      timestamp: now,
      status,
      ...extra,
    });
    await t.db
      .insert(withdrawals)
      .values([
        wd('pending'),
        wd('pending', { providerHandled: true, providerStatus: 'CREATED' }),
        wd('pending', { providerHandled: true, providerStatus: 'PROCESSED' }),
        wd('error'),
        wd('approved'),
      ]);
    await t.db
      .insert(transfers)
      .values(transferRow(bob, now, { sourceMtStatus: 'SUCCESS', destinationMtStatus: 'Not enough money' }));
  });
  afterAll(() => t.stop());

  // Unchecked: the tests also send sorts and filters the server must refuse.
  const list = (body: Record<string, unknown>) =>
    t.unchecked(
      calls.funding.listFundingRequests,
      { body: { page: 1, sizePerPage: 50, ...body } },
      t.auth(token),
    );

  it('lists deposits by tab, newest first, with the clients they mention', async () => {
    const pending = await list({ type: 'deposit', status: 'pending' });
    expect(pending.status).toBe(200);
    expect((pending.body.data.transfers as Deposit[]).map((d) => d.depositAmountSent)).toEqual([250.5, 100]);
    expect(pending.body.data.totalSize).toBe(2);
    expect(pending.body.data.clients[ann]).toEqual({
      name: 'Ann',
      surname: 'Staff',
      email: 'ann@funding.test',
    });
    expect(pending.body.data.transfers[0]).toMatchObject({
      _id: expect.any(String),
      MTStatus: '',
      accountPlatform: 'MT5',
    });
    const historical = await list({ type: 'deposit', status: 'historical' });
    expect(historical.body.data.transfers.map((d) => d.status).sort()).toEqual(['approved', 'rejected']);
    const incomplete = await list({ type: 'deposit', status: 'incomplete' });
    expect(incomplete.body.data.totalSize).toBe(1);
  });

  it('sorts and filters on allow-listed fields, including by client name', async () => {
    const byAmount = await list({
      type: 'deposit',
      status: 'historical',
      sortField: 'depositAmountSent',
      sortOrder: 'asc',
    });
    expect((byAmount.body.data.transfers as Deposit[]).map((d) => d.depositAmountSent)).toEqual([5, 999]);
    const bobs = await list({
      type: 'deposit',
      status: 'pending',
      filters: { client: { filterType: 'TEXT', filterVal: 'bob' } },
    });
    expect(bobs.body.data.transfers.map((d) => d.userId)).toEqual([bob]);
    const big = await list({
      type: 'deposit',
      status: 'pending',
      filters: {
        depositAmountSent: { filterType: 'NUMBER', filterVal: '', numericVal: 200, comparisonType: '>' },
      },
    });
    expect(big.body.data.totalSize).toBe(1);
    expect((await list({ type: 'deposit', status: 'pending', sortField: 'comment' })).status).toBe(400);
    expect(
      (
        await list({
          type: 'deposit',
          status: 'pending',
          filters: { status: { filterType: 'TEXT', filterVal: 'x' } },
        })
      ).status,
    ).toBe(400);
  });

  it('hides provider withdrawals from the pending list until the provider has processed them', async () => {
    const pending = await list({ type: 'withdrawal', status: 'pending' });
    expect(pending.body.data.totalSize).toBe(2);
    expect(
      (pending.body.data.transfers as Withdrawal[]).every(
        (w) => !w.providerHandled || w.providerStatus === 'PROCESSED',
      ),
    ).toBe(true);
    const counters = await t.call(calls.system.countNewRequests, {}, t.auth(token));
    expect(counters.body.newWithdrawals).toBe(2);
    expect((await list({ type: 'withdrawal', status: 'error' })).body.data.totalSize).toBe(1);
    expect((await list({ type: 'withdrawal', status: 'historical' })).body.data.totalSize).toBe(1);
  });

  it('shows both legs of a transfer', async () => {
    const r = await list({ type: 'transfer', status: 'pending' });
    expect(r.body.data.transfers[0]).toMatchObject({
      sourceMTStatus: 'SUCCESS',
      destinationMTStatus: 'Not enough money',
      transferAmount: 42,
    });
  });

  it('refuses a tab a list does not have', async () => {
    const r = await list({ type: 'transfer', status: 'incomplete' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: { status: 'There is no incomplete tab for transfers.' } });
  });

  it("pages a client's funding history, approved only or all", async () => {
    const history = (approved: 'all' | 'approved') =>
      t.call(
        calls.funding.pageClientFundingHistory,
        { params: { userId: ann, type: 'deposit', approved }, body: { page: 1, sizePerPage: 10 } },
        t.auth(token),
      );
    const all = await history('all');
    expect(all.body.data.totalSize).toBe(3);
    const approvedOnly = await history('approved');
    expect(approvedOnly.body.data.totalSize).toBe(0);
  });
});
