import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, type CallBody, MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp, type BodyOnlyCall } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, platformOperations } from '../../src/db/schema.ts';
import { StandInPaymentProvider } from '../../src/integrations/payments/index.ts';
import { ProviderOrderSync } from '../../src/features/funding/provider-sync.ts';
import { fundingFixtures } from './support.ts';

const PROCESS_SECONDS = 120;
type Orders = { clients: Record<string, unknown>; transfers: Record<string, unknown>[]; totalSize: number };

/**
 * Card-provider withdrawals (docs/product.md [state.provider-withdrawal]): hidden from the pending list until
 * the provider has processed them; approved ahead of that they wait for the provider, and are debited once it
 * has. The provider is the local stand-in, followed by the same sync the server runs.
 */
describe(`card-provider withdrawals (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  let f: ReturnType<typeof fundingFixtures>;
  let provider: StandInPaymentProvider;
  let sync: ProviderOrderSync;
  let order = 1;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'cards@desk.test', password: 'Correct-Horse-1' });
    clientId = await t.createUser({ email: 'card@client.test', role: 'USER', name: 'Carla' });
    f = fundingFixtures(t, () => clientId);
    provider = new StandInPaymentProvider(t.db, t.clock, PROCESS_SECONDS);
    sync = new ProviderOrderSync({ db: t.db, provider, clock: t.clock });
  });
  beforeEach(async () => {
    token = await t.signIn('cards@desk.test', 'Correct-Horse-1');
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>) => t.post(def, body, t.auth(token));
  const providerWithdrawal = (login: number, amount: number) =>
    f.withdrawal(login, amount, {
      withdrawalType: 'others',
      gateway: 'Card',
      providerHandled: true,
      providerOrderId: `PO-${String(order++).padStart(8, '0')}`,
      providerStatus: 'CREATED',
      providerPayoutStatus: 'WAITING',
    });
  const pendingIds = async () =>
    (
      await t.call(
        calls.funding.listFundingRequests,
        { body: { type: 'withdrawal', status: 'pending', page: 1, sizePerPage: 100 } },
        t.auth(token),
      )
    ).body.data.transfers.map((w) => w._id);
  const newWithdrawals = async () =>
    (await t.call(calls.system.countNewRequests, {}, t.auth(token))).body.newWithdrawals;
  const orders = (query: Record<string, string> = {}) =>
    t.raw<Orders>(calls.funding.listWithdrawalOrders, { query }, t.auth(token));

  it('keeps an order out of the pending list and counter until the provider has processed it', async () => {
    const login = await f.account(100);
    const id = await providerWithdrawal(login, 30);
    const counted = await newWithdrawals();
    expect(await pendingIds()).not.toContain(id);
    expect((await orders()).body.transfers.map((w) => w._id)).toContain(id);

    expect(await sync.runOnce()).toMatchObject({ processed: 0 });
    t.clock.advance(PROCESS_SECONDS);
    expect(await sync.runOnce()).toMatchObject({ processed: 1, approved: 0 });
    expect(await f.withdrawalRow(id)).toMatchObject({ status: 'pending', providerStatus: 'PROCESSED' });
    expect(await pendingIds()).toContain(id);
    expect(await newWithdrawals()).toBe(counted + 1);

    // Now an ordinary approval: debited, then the provider is told to pay the client.
    const r = await post(calls.funding.processProviderWithdrawal, { withdrawalId: id });
    expect(r.body.message).toBe('Withdrawal updated.');
    await f.settle();
    expect(await f.balanceOf(login)).toBe(70);
    expect((await sync.runOnce()).paidOut).toBe(1);
    expect(await f.withdrawalRow(id)).toMatchObject({
      status: 'approved',
      mtStatus: 'SUCCESS',
      providerPayoutStatus: 'PAID',
    });
    expect((await provider.orders([(await f.withdrawalRow(id)).providerOrderId]))[0]).toMatchObject({
      paidOut: true,
    });
  });

  it('answers "Waiting for the provider to process" to an approval ahead of the provider, then debits once', async () => {
    const login = await f.account(100);
    const id = await providerWithdrawal(login, 45.5);
    const r = await post(calls.funding.updateProviderWithdrawal, {
      withdrawal: { _id: id, status: 'approve_process', comment: 'ok', dontEmailUser: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MESSAGES.waitingForProvider);
    expect(r.body.request).toMatchObject({ status: 'pending', providerPayoutStatus: 'APPROVED' });
    const ops = () =>
      t.db
        .select()
        .from(platformOperations)
        .where(eq(platformOperations.idempotencyKey, `wd:${id}`));
    expect(await ops()).toHaveLength(0);
    // Approving it again meanwhile changes nothing and moves no money.
    await post(calls.funding.processWithdrawal, { withdrawalId: id });
    await f.settle();
    expect(await f.balanceOf(login)).toBe(100);

    t.clock.advance(PROCESS_SECONDS);
    expect(await sync.runOnce()).toMatchObject({ processed: 1, approved: 1 });
    expect(await sync.runOnce()).toMatchObject({ processed: 0, approved: 0 });
    await f.settle();
    expect(await f.balanceOf(login)).toBe(54.5);
    expect(await f.dealsOf(login)).toHaveLength(2);
    await sync.runOnce();
    expect(await f.withdrawalRow(id)).toMatchObject({
      status: 'approved',
      mtStatus: 'SUCCESS',
      providerStatus: 'PROCESSED',
      providerPayoutStatus: 'PAID',
    });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'withdrawal.approve-awaiting-provider',
        'withdrawal.provider-processed.approve-process',
        'withdrawal.provider-order',
      ]),
    );
  });

  it('cancels a rejected order at the provider and ends a declined one', async () => {
    const login = await f.account(100);
    const rejected = await providerWithdrawal(login, 10);
    const declined = await providerWithdrawal(login, 11);
    await post(calls.funding.updateProviderWithdrawal, {
      withdrawal: { _id: rejected, status: 'rejected', comment: 'Card not in the client name' },
    });
    provider.decline((await f.withdrawalRow(declined)).providerOrderId);
    expect(await sync.runOnce()).toMatchObject({ declined: 1, cancelled: 1 });
    expect(await f.withdrawalRow(rejected)).toMatchObject({
      status: 'rejected',
      providerStatus: 'CANCELLED',
    });
    expect(await f.withdrawalRow(declined)).toMatchObject({ status: 'declined', providerStatus: 'DECLINED' });
    expect(await sync.runOnce()).toMatchObject({ declined: 0, cancelled: 0 });
    await f.settle();
    expect(await f.balanceOf(login)).toBe(100);
  });

  it('keeps the provider variant for provider withdrawals', async () => {
    const login = await f.account(10);
    const plain = await f.withdrawal(login, 5);
    const r = await post(calls.funding.processProviderWithdrawal, { withdrawalId: plain });
    expect(r.status).toBe(409);
    expect((await f.withdrawalRow(plain)).status).toBe('pending');
  });

  it('pages, sorts and filters the Orders on the server', async () => {
    const other = await t.createUser({ email: 'orders@client.test', role: 'USER', name: 'Otto' });
    const login = await f.account(10);
    const mine: string[] = [];
    for (const amount of [1, 2, 3, 4, 5]) {
      mine.push(
        await f.withdrawal(login, amount, {
          userId: other,
          providerHandled: true,
          providerOrderId: `OTTO-${amount}`,
          providerStatus: amount % 2 ? 'PROCESSED' : 'CREATED',
          withdrawalCurrency: amount === 5 ? 'EUR' : 'USD',
        }),
      );
    }
    await f.withdrawal(login, 99, { userId: other });
    const all = await orders({
      client: 'otto',
      sizePerPage: '2',
      sortField: 'withdrawalAmount',
      sortOrder: 'asc',
    });
    expect(all.status).toBe(200);
    expect(all.body.totalSize).toBe(5);
    expect(all.body.transfers.map((w) => w.withdrawalAmount)).toEqual([1, 2]);
    expect(Object.keys(all.body.clients)).toEqual([other]);
    const page3 = await orders({
      client: 'otto',
      sizePerPage: '2',
      page: '3',
      sortField: 'withdrawalAmount',
      sortOrder: 'asc',
    });
    expect(page3.body.transfers.map((w) => w.withdrawalAmount)).toEqual([5]);
    const processed = await orders({
      client: 'otto',
      providerStatus: 'PROCESSED',
      withdrawalCurrency: 'USD',
    });
    expect(processed.body.transfers.map((w) => w.providerOrderId).sort()).toEqual(['OTTO-1', 'OTTO-3']);
    expect((await orders({ providerOrderId: 'OTTO-4' })).body.transfers).toHaveLength(1);
    expect((await orders({ sortField: 'comment' })).status).toBe(400);
    expect((await orders({ sizePerPage: '1000' })).status).toBe(400);
    expect((await orders({ providerStatus: 'PAID' })).status).toBe(400);
  });
});
