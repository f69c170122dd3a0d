import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallDef } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { bankAccounts, ibRequests, users } from '../../src/db/schema.ts';
import { leverageRequest, subAccountRequest, startDesk } from '../support/desk.ts';
import { newId } from '../../src/lib/ids.ts';

/**
 * Bank details, sub-account, leverage and IB-request lists filter and sort by their client on the row's
 * own copy of the client's name and email (migration 0020, kept by triggers), not on a sub-select of
 * users per row. These tests change clients the way staff do and check that every list follows.
 */
type Row = { _id: string };
type List = {
  call: CallDef;
  params?: Record<string, string>;
  rows: (body: Record<string, unknown>) => Row[];
  name: string;
  email?: string;
};
const LISTS = {
  banks: {
    call: calls.banks.pageBankAccounts,
    params: { status: 'pending' },
    rows: (b) => b.bankAccounts as Row[],
    name: 'name',
    email: 'email',
  },
  subAccounts: {
    call: calls.accounts.pageSubAccountRequests,
    params: { live: 'all', status: 'pending' },
    rows: (b) => b.accounts as Row[],
    name: 'name',
    email: 'email',
  },
  leverage: {
    call: calls.accounts.pageLeverageRequests,
    params: { status: 'pending' },
    rows: (b) => b.leverages as Row[],
    name: 'client',
  },
  ib: {
    call: calls.partners.pageIbRequests,
    rows: (b) => b.requestsData as Row[],
    name: 'clientName',
    email: 'email',
  },
} satisfies Record<string, List>;
type Kind = keyof typeof LISTS;

describe(`client name and email on request lists (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  const clients: Record<string, string> = {};
  const rows: Record<Kind, Record<string, string>> = { banks: {}, subAccounts: {}, leverage: {}, ib: {} };

  async function addRows(client: string, key: string) {
    const now = t.clock.now();
    const id = () => newId();
    rows.banks[key] = id();
    rows.subAccounts[key] = id();
    rows.leverage[key] = id();
    rows.ib[key] = id();
    await t.db.insert(bankAccounts).values({
      id: rows.banks[key]!,
      userId: client,
      bankName: 'Bank',
      bankCountry: 'DE',
      bankAccountCurrency: 'EUR',
      status: 'pending',
      timestamp: now,
    });
    await subAccountRequest(t, client, {
      id: rows.subAccounts[key]!,
      type: 'Standard',
      baseCurrency: 'USD',
      leverage: 100,
      timeCreated: now,
    });
    await leverageRequest(t, client, {
      id: rows.leverage[key]!,
      accountNumber: 500_100,
      newLeverage: '200',
      timestamp: now,
    });
    await t.db
      .insert(ibRequests)
      .values({ id: rows.ib[key]!, userId: client, status: 'pending', timestamp: now });
  }

  beforeAll(async () => {
    ({ t, token } = await startDesk('desk@columns.test'));
    // Names and emails sort in opposite orders, so a sort by the wrong key shows.
    clients.anna = await t.createUser({ email: 'zz-anna@columns.test', role: 'USER', name: 'Anna' });
    clients.zoe = await t.createUser({ email: 'aa-zoe@columns.test', role: 'USER', name: 'Zoe' });
    await t.db.update(users).set({ surname: 'Brook' }).where(eq(users.id, clients.anna));
    await t.db.update(users).set({ surname: 'Hill' }).where(eq(users.id, clients.zoe));
    await addRows(clients.anna, 'anna');
    await addRows(clients.zoe, 'zoe');
  });
  afterAll(() => t.stop());

  async function page(list: List, body: Record<string, unknown>): Promise<string[]> {
    const r = await t.raw(
      list.call,
      { params: list.params, body: { page: 1, sizePerPage: 50, ...body } },
      t.auth(token),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(JSON.stringify(r.body)).not.toMatch(/clientSearch|clientName"|clientEmail/);
    return list.rows(r.body).map((x) => x._id);
  }
  const sorted = (list: List, field: string, sortOrder: string) =>
    page(list, { sortField: field, sortOrder });
  const filtered = (list: List, field: string, filterVal: string) =>
    page(list, { filters: { [field]: { filterType: 'TEXT', filterVal } } });

  for (const [kind, list] of Object.entries(LISTS) as [Kind, List][]) {
    it(`${kind}: sorts by the client's name${list.email ? ' and email' : ''}, both ways`, async () => {
      const ids = rows[kind];
      expect(await sorted(list, list.name, 'asc')).toEqual([ids.anna, ids.zoe]);
      expect(await sorted(list, list.name, 'desc')).toEqual([ids.zoe, ids.anna]);
      if (list.email) {
        expect(await sorted(list, list.email, 'asc')).toEqual([ids.zoe, ids.anna]);
        expect(await sorted(list, list.email, 'desc')).toEqual([ids.anna, ids.zoe]);
      }
    });

    it(`${kind}: filters by name, surname or email on the name, by the email alone on the email`, async () => {
      const ids = rows[kind];
      expect(await filtered(list, list.name, 'BROOK')).toEqual([ids.anna]);
      expect(await filtered(list, list.name, 'aa-zoe')).toEqual([ids.zoe]);
      if (list.email) {
        expect(await filtered(list, list.email, 'zz-anna@')).toEqual([ids.anna]);
        // Surnames are in no email: the email filter does not find them.
        expect(await filtered(list, list.email, 'hill')).toEqual([]);
        expect(await filtered(list, list.email, 'brook')).toEqual([]);
      }
    });
  }

  it('follows a rename made through the API, and a row moved to another client', async () => {
    const r = await t.call(
      calls.clients.editUser,
      { body: { _id: clients.anna!, role: 'USER', status: 'approved', name: 'Zula', surname: 'Brook' } },
      t.auth(token),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const [kind, list] of Object.entries(LISTS) as [Kind, List][]) {
      const ids = rows[kind];
      // "zula brook" now sorts after "zoe hill".
      expect(await sorted(list, list.name, 'asc'), kind).toEqual([ids.zoe, ids.anna]);
      expect(await filtered(list, list.name, 'zula'), kind).toEqual([ids.anna]);
      expect(await filtered(list, list.name, 'anna b'), kind).toEqual([]);
    }
    await t.db.update(bankAccounts).set({ userId: clients.zoe }).where(eq(bankAccounts.id, rows.banks.anna!));
    expect((await filtered(LISTS.banks, 'name', 'hill')).sort()).toEqual(
      [rows.banks.zoe!, rows.banks.anna!].sort(),
    );
    expect(await filtered(LISTS.banks, 'name', 'zula')).toEqual([]);
  });
});
