import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, urlOf, type CallDef, type CallInput } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { leverageChanges, subAccountRequests, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

type LeverageParams = CallInput<typeof calls.accounts.pageLeverageRequests>['params'];
type SubAccountParams = CallInput<typeof calls.accounts.pageSubAccountRequests>['params'];

/** Change-leverage and sub-account request lists are paged, sorted and filtered by the server (no cap). */
describe(`leverage and sub-account request lists (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  const clients: string[] = [];
  // More than the old 500-row cap, so a cap would show.
  const LEVERAGE_ROWS = 520;
  const SUB_ROWS = 160;

  beforeAll(async () => {
    ({ t, token } = await startDesk('desk@lists.test'));
    for (const name of ['Zoe', 'Adam', 'Mia']) {
      const id = await t.createUser({ email: `${name.toLowerCase()}@clients.test`, role: 'USER', name });
      await t.db.update(users).set({ surname: 'Client' }).where(eq(users.id, id));
      clients.push(id);
    }
    const now = t.clock.now();
    await t.db.insert(leverageChanges).values(
      Array.from({ length: LEVERAGE_ROWS }, (_, i) => ({
        id: newId(now + i),
        userId: clients[i % 3]!,
        accountNumber: 600_000 + i,
        accountType: i % 2 === 0 ? 'Standard' : 'ECN',
        oldLeverage: '100',
        newLeverage: i % 4 === 0 ? '1:200' : '300',
        status: i % 5 === 0 ? 'rejected' : 'pending',
        comment: '',
        timestamp: now - 10_000 + i,
      })),
    );
    await t.db.insert(subAccountRequests).values(
      Array.from({ length: SUB_ROWS }, (_, i) => ({
        id: newId(now + i),
        userId: clients[i % 3]!,
        type: ['Standard', 'ECN', 'Mini FX'][i % 3]!,
        live: i % 2 === 0,
        platform: 'MT5',
        baseCurrency: ['EUR', 'GBP', 'USD'][i % 3]!,
        leverage: 100,
        balance: i % 2 === 0 ? null : 1000,
        status: i % 4 === 0 ? 'approved' : 'pending',
        comment: '',
        timeCreated: now - 10_000 + i,
        adminRequested: i % 10 === 0,
      })),
    );
  });
  afterAll(() => t.stop());

  const page = (extra: Record<string, unknown> = {}) => ({
    page: 1,
    sizePerPage: 100,
    filters: {},
    ...extra,
  });

  /** A page of the leverage changes of a status (the first 100, newest first, unless `extra` says). */
  const leverages = (status: LeverageParams['status'], extra: Record<string, unknown> = {}) =>
    t.call(calls.accounts.pageLeverageRequests, { params: { status }, body: page(extra) }, t.auth(token));
  /** A page of the sub-account requests of a status, live, demo or both. */
  const subAccounts = (
    live: SubAccountParams['live'],
    status: SubAccountParams['status'],
    extra: Record<string, unknown> = {},
  ) =>
    t.call(
      calls.accounts.pageSubAccountRequests,
      { params: { live, status }, body: page(extra) },
      t.auth(token),
    );

  it('pages leverage changes of a status newest first, with the total over every page', async () => {
    const pending = LEVERAGE_ROWS - Math.ceil(LEVERAGE_ROWS / 5);
    const first = await leverages('pending');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.totalSize).toBe(pending);
    expect(first.body.leverages).toHaveLength(100);
    expect(first.body.leverages[0]).toMatchObject({ accountNumber: 600_000 + LEVERAGE_ROWS - 1 });
    // Leverage is shown '1:N' whatever the row holds.
    expect(first.body.leverages.every((l) => l.newLeverage.startsWith('1:'))).toBe(true);
    expect(Object.keys(first.body.users).sort()).toEqual([...clients].sort());

    const last = Math.ceil(pending / 100);
    const tail = await leverages('pending', { page: last });
    expect(tail.body.leverages).toHaveLength(pending - (last - 1) * 100);
    expect(tail.body.totalSize).toBe(pending);
    const seen = new Set<string>();
    for (let p = 1; p <= last; p++) {
      const r = await leverages('pending', { page: p });
      for (const l of r.body.leverages) seen.add(l._id);
    }
    expect(seen.size).toBe(pending);

    const rejected = await leverages('rejected');
    expect(rejected.body.totalSize).toBe(Math.ceil(LEVERAGE_ROWS / 5));
    expect(rejected.body.leverages.every((l) => l.status === 'rejected')).toBe(true);

    // The spec's GET answers the first page (or the one asked for) with the same total.
    const viaGet = await t.call(
      calls.accounts.listLeverageRequests,
      { params: { status: 'pending' }, query: { page: 2, sizePerPage: 50 } },
      t.auth(token),
    );
    expect(viaGet.body.totalSize).toBe(pending);
    expect(viaGet.body.leverages.map((l) => l._id)).toEqual(
      first.body.leverages.slice(50, 100).map((l) => l._id),
    );
    const plain = await t.call(
      calls.accounts.listLeverageRequests,
      { params: { status: 'pending' }, query: {} },
      t.auth(token),
    );
    expect(plain.body.leverages).toHaveLength(50);
  });

  it('sorts and filters leverage changes by account, type and client', async () => {
    const byAccount = await leverages('pending', {
      sortField: 'accountNumber',
      sortOrder: 'asc',
      sizePerPage: 3,
    });
    expect(byAccount.body.leverages.map((l) => l.accountNumber)).toEqual([600_001, 600_002, 600_003]);
    const one = await leverages('pending', {
      filters: { accountNumber: { filterType: 'NUMBER', filterVal: 600_007 } },
    });
    expect(one.body.leverages.map((l) => l.accountNumber)).toEqual([600_007]);
    const ecnOfAdam = await leverages('pending', {
      filters: {
        accountType: { filterType: 'SELECT', filterVal: 'ECN' },
        client: { filterType: 'TEXT', filterVal: 'adam' },
      },
    });
    expect(ecnOfAdam.body.totalSize).toBeGreaterThan(0);
    expect(ecnOfAdam.body.leverages.every((l) => l.accountType === 'ECN' && l.userId === clients[1])).toBe(
      true,
    );
    const byClient = await leverages('pending', { sortField: 'client', sortOrder: 'asc', sizePerPage: 100 });
    // Adam, then Mia, then Zoe.
    const order = byClient.body.leverages.map((l) => clients.indexOf(l.userId));
    expect(order[0]).toBe(1);
    expect(order).toEqual([...order].sort((a, b) => [1, 2, 0].indexOf(a) - [1, 2, 0].indexOf(b)));
  });

  it('refuses unknown sort and filter fields, a page size over the limit, and a bad status', async () => {
    const leverages = calls.accounts.pageLeverageRequests;
    const subAccounts = calls.accounts.pageSubAccountRequests;
    const cases: [CallDef, Record<string, string>, unknown][] = [
      [leverages, { status: 'pending' }, page({ sortField: 'comment' })],
      [
        leverages,
        { status: 'pending' },
        page({ filters: { comment: { filterType: 'TEXT', filterVal: 'x' } } }),
      ],
      [leverages, { status: 'pending' }, page({ sizePerPage: 101 })],
      [
        leverages,
        { status: 'pending' },
        page({ filters: { accountNumber: { filterType: 'NUMBER', filterVal: 'abc' } } }),
      ],
      [leverages, { status: 'error' }, page()],
      [subAccounts, { live: 'all', status: 'pending' }, page({ sortField: 'balance' })],
      [subAccounts, { live: 'both', status: 'pending' }, page()],
    ];
    for (const [def, params, body] of cases) {
      const r = await t.raw(def, { params, body }, t.auth(token));
      expect(r.status, `${urlOf(def, { params })} ${JSON.stringify(body)}`).toBe(400);
    }
    const badQuery = await t.call(
      calls.accounts.listLeverageRequests,
      { params: { status: 'pending' }, query: { sizePerPage: 500 } },
      t.auth(token),
    );
    expect(badQuery.status).toBe(400);
  });

  it('pages sub-account requests of a status, live, demo or both, with sorts and filters', async () => {
    const pendingAll = SUB_ROWS - Math.ceil(SUB_ROWS / 4);
    const all = await subAccounts('all', 'pending');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.totalSize).toBe(pendingAll);
    expect(all.body.accounts).toHaveLength(Math.min(100, pendingAll));
    const times = all.body.accounts.map((a) => a.timeCreated);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await subAccounts('all', 'pending', { page: 2 });
    expect(second.body.accounts).toHaveLength(pendingAll - 100);

    const live = await subAccounts('live', 'pending');
    const demo = await subAccounts('demo', 'pending');
    expect(live.body.totalSize + demo.body.totalSize).toBe(pendingAll);
    expect(live.body.accounts.every((a) => a.live)).toBe(true);

    const mini = await subAccounts('all', 'pending', {
      filters: {
        type: { filterType: 'SELECT', filterVal: 'Mini FX' },
        baseCurrency: { filterType: 'SELECT', filterVal: 'USD' },
      },
    });
    expect(mini.body.totalSize).toBeGreaterThan(0);
    expect(mini.body.accounts.every((a) => a.type === 'Mini FX' && a.baseCurrency === 'USD')).toBe(true);

    const zoeByEmail = await subAccounts('all', 'pending', {
      filters: { email: { filterType: 'TEXT', filterVal: 'zoe@' } },
    });
    expect(zoeByEmail.body.accounts.every((a) => a.userId === clients[0])).toBe(true);
    expect(Object.keys(zoeByEmail.body.users)).toEqual([clients[0]]);
    const byName = await subAccounts('all', 'pending', {
      sortField: 'name',
      sortOrder: 'desc',
      sizePerPage: 100,
    });
    // Zoe first when sorted by name descending.
    expect(byName.body.accounts[0]!.userId).toBe(clients[0]);
    const byEmail = await subAccounts('all', 'approved', { sortField: 'email', sortOrder: 'asc' });
    expect(byEmail.body.accounts[0]!.userId).toBe(clients[1]);

    // The GET loader answers a page as well, with the total.
    const viaGet = await t.call(
      calls.accounts.listSubAccountRequests,
      { params: { live: 'all', status: 'pending' }, query: { sizePerPage: 10 } },
      t.auth(token),
    );
    expect(viaGet.body.accounts).toHaveLength(10);
    expect(viaGet.body.totalSize).toBe(pendingAll);
  });
});
