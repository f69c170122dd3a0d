import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { deposits, tradingAccounts, transfers, users, withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { transferRow } from './support.ts';

/**
 * The client filter on funding and trading-account lists reads the row's own copy of its client's name,
 * surname and email (migration 0014). These tests change the client the way staff do and check that the
 * lists find the rows by what the client is called now, and only by that.
 */
describe(`client filter on funding and account lists (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let zelda: string;
  let other: string;
  const ids = { deposit: newId(), withdrawal: newId(), transfer: newId(), account: newId() };

  beforeAll(async () => {
    ({ t, token } = await startDesk('desk@search.test'));
    zelda = await t.createUser({ email: 'zq@search.test', role: 'USER', name: 'Zelda', status: 'approved' });
    other = await t.createUser({
      email: 'other@search.test',
      role: 'USER',
      name: 'Oscar',
      status: 'approved',
    });
    await t.db.update(users).set({ surname: 'Quartz' }).where(eq(users.id, zelda));
    const now = t.clock.now();
    await t.db.insert(deposits).values({
      id: ids.deposit,
      userId: zelda,
      timestamp: now,
      depositCurrency: 'USD',
      depositAmountSent: 100,
      accountNumber: 500100,
      status: 'pending',
    });
    await t.db.insert(withdrawals).values({
      id: ids.withdrawal,
      userId: zelda,
      withdrawalType: 'wire',
      withdrawalCurrency: 'EUR',
      withdrawalAmount: 10,
      accountNumber: 500100,
      timestamp: now,
      status: 'pending',
    });
    await t.db.insert(transfers).values(transferRow(zelda, now, { id: ids.transfer }));
    await t.db.insert(tradingAccounts).values({
      id: ids.account,
      userId: zelda,
      number: 500100,
      live: true,
      approved: true,
      type: 'Standard',
      baseCurrency: 'USD',
      leverage: 100,
      timeCreated: now,
    });
  });
  afterAll(() => t.stop());

  const filter = (filterVal: string) => ({ client: { filterType: 'TEXT' as const, filterVal } });
  async function found(filterVal: string): Promise<string[]> {
    const out: string[] = [];
    for (const type of ['deposit', 'withdrawal', 'transfer'] as const) {
      const r = await t.call(
        calls.funding.listFundingRequests,
        { body: { type, status: 'pending', page: 1, sizePerPage: 50, filters: filter(filterVal) } },
        t.auth(token),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      out.push(...r.body.data.transfers.map((x) => x._id));
    }
    const a = await t.call(
      calls.accounts.pageAccounts,
      {
        params: { all: 'all', type: 'live', approved: 'all' },
        body: { page: 1, sizePerPage: 50, filters: filter(filterVal) },
      },
      t.auth(token),
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    out.push(...a.body.data.accounts.map((x) => x._id));
    return out.sort();
  }
  const all = () => Object.values(ids).sort();

  it('finds a client’s rows by any part of name, surname or email, in any case, and no more', async () => {
    expect(await found('zeld')).toEqual(all());
    expect(await found('QUARTZ')).toEqual(all());
    expect(await found('zq@search')).toEqual(all());
    // As before: the text must sit inside one of the three, not across them.
    expect(await found('zelda quartz')).toEqual([]);
    expect(await found('oscar')).toEqual([]);
  });

  it('follows a rename made through the API', async () => {
    const r = await t.call(
      calls.clients.editUser,
      { body: { _id: zelda, role: 'USER', status: 'approved', name: 'Yvonne', surname: 'Quartz' } },
      t.auth(token),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await found('yvonne')).toEqual(all());
    expect(await found('zelda')).toEqual([]);
  });

  it('follows a row moved to another client, and keeps the copy off the wire', async () => {
    await t.db.update(deposits).set({ userId: other }).where(eq(deposits.id, ids.deposit));
    expect(await found('oscar')).toEqual([ids.deposit]);
    expect(await found('yvonne')).toEqual(all().filter((id) => id !== ids.deposit));
    const r = await t.call(
      calls.funding.listFundingRequests,
      { body: { type: 'deposit', status: 'pending', page: 1, sizePerPage: 50 } },
      t.auth(token),
    );
    expect(JSON.stringify(r.body)).not.toContain('clientSearch');
  });
});
