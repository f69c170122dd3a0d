import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { StandInPaymentProvider } from '../../src/integrations/payments/index.ts';
import { ProviderOrderSync } from '../../src/features/funding/provider-sync.ts';

const PROCESS_SECONDS = 120;

/**
 * Provider sync walks every open order with a cursor: orders the provider has not processed yet (first
 * by id, more than one batch of them) no longer hide the ones behind them, which used to wait forever.
 */
describe(`provider sync walks every open order (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  let provider: StandInPaymentProvider;
  let seq = 0;
  let account = 900_000;
  beforeAll(async () => {
    ({ t, token } = await startDesk('walk@desk.test'));
    clientId = await t.createUser({ email: 'walk@client.test', role: 'USER' });
    provider = new StandInPaymentProvider(t.db, t.clock, PROCESS_SECONDS);
  });
  afterAll(() => t.stop());

  /**
   * Open provider withdrawals with ids that sort in the order made: `waiting` ones asked for just now
   * (the provider processes them later), then `ready` ones asked for long enough ago.
   */
  async function orders(o: { waiting: number; ready: number }) {
    const now = t.clock.now();
    const login = ++account;
    const row = (i: number, ready: boolean) => {
      seq++;
      return {
        // The id's leading seconds order the rows: every waiting one before every ready one.
        id: newId(now - 10_000 + seq),
        userId: clientId,
        withdrawalType: 'others',
        withdrawalCurrency: 'USD',
        withdrawalAmount: 1 + i,
        accountNumber: login,
        timestamp: ready ? now - 2 * PROCESS_SECONDS : now,
        status: 'pending',
        providerHandled: true,
        providerOrderId: `WALK-${seq}`,
        providerStatus: 'CREATED',
        providerPayoutStatus: 'WAITING',
      };
    };
    const waiting = Array.from({ length: o.waiting }, (_, i) => row(i, false));
    const ready = Array.from({ length: o.ready }, (_, i) => row(i, true));
    await t.db.insert(withdrawals).values([...waiting, ...ready]);
    return { login, waiting: waiting.map((w) => w.id), ready: ready.map((w) => w.id) };
  }

  /** The pending list of one account, as staff see it. */
  const pendingIds = async (login: number) =>
    (
      await t.call(
        calls.funding.listFundingRequests,
        {
          body: {
            type: 'withdrawal',
            status: 'pending',
            page: 1,
            sizePerPage: 100,
            filters: {
              accountNumber: { filterType: 'NUMBER', filterVal: '', numericVal: login, comparisonType: '=' },
            },
          },
        },
        t.auth(token),
      )
    ).body.data.transfers.map((w) => w._id);
  const processed = async (ids: string[]) => {
    const rows = await t.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.providerHandled, true), eq(withdrawals.providerStatus, 'PROCESSED')));
    const done = new Set(rows.map((r) => r.id));
    return ids.filter((id) => done.has(id));
  };

  it('reaches the orders behind more than a batch of unprocessed ones in one round', async () => {
    // The default batch is 100 orders: 101 the provider has not processed come first by id.
    const { login, waiting, ready } = await orders({ waiting: 101, ready: 4 });
    const sync = new ProviderOrderSync({ db: t.db, provider, clock: t.clock });
    expect(await sync.runOnce()).toMatchObject({ processed: 4 });
    expect(await processed(ready)).toEqual(ready);
    expect((await pendingIds(login)).sort()).toEqual([...ready].sort());
    expect(await processed(waiting)).toEqual([]);

    // Their turn comes too, once the provider has processed them.
    t.clock.advance(PROCESS_SECONDS);
    expect(await sync.runOnce()).toMatchObject({ processed: 101 });
    expect(await processed(waiting)).toEqual(waiting);
  });

  it('covers every order over successive rounds when a round is bounded', async () => {
    const { login, waiting, ready } = await orders({ waiting: 4, ready: 5 });
    // Three orders a batch, one batch a round: 9 open orders take three rounds, then it starts over.
    const sync = new ProviderOrderSync({
      db: t.db,
      provider,
      clock: t.clock,
      batchSize: 3,
      batchesPerRound: 1,
    });
    const found: number[] = [];
    for (let round = 0; round < 3; round++) found.push((await sync.runOnce()).processed);
    expect(found).toEqual([0, 2, 3]);
    expect(await processed(ready)).toEqual(ready);
    expect((await pendingIds(login)).sort()).toEqual([...ready].sort());

    // Past the end the walk starts over: the first ones are asked about again.
    t.clock.advance(PROCESS_SECONDS);
    expect((await sync.runOnce()).processed).toBe(3);
    expect((await sync.runOnce()).processed).toBe(1);
    expect(await processed(waiting)).toEqual(waiting);
  });

  it('asks again, from the same place, after the provider could not be reached', async () => {
    const { ready } = await orders({ waiting: 0, ready: 2 });
    const calls: number[] = [];
    let down = true;
    const flaky = Object.create(provider) as StandInPaymentProvider;
    flaky.orders = async (ids) => {
      calls.push(ids.length);
      if (down) throw new Error('provider unreachable');
      return provider.orders(ids);
    };
    const sync = new ProviderOrderSync({ db: t.db, provider: flaky, clock: t.clock, batchSize: 5 });
    expect((await sync.runOnce()).processed).toBe(0);
    down = false;
    expect((await sync.runOnce()).processed).toBe(2);
    expect(await processed(ready)).toEqual(ready);
    expect(calls).toEqual([2, 2]);
  });
});
