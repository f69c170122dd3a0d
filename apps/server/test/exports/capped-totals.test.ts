import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallDef, TOTAL_CAP } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { hexId, seedPerRow } from './support.ts';

type Total = { totalSize: number; totalCapped?: boolean };
const CLIENT = 'c0c0c0c0c0c0c0c0c0c0c0c0';
const N = TOTAL_CAP + 1;

/** A filter that leaves the rows numbered up to `n` in `field` (the count is then exact). */
const upTo = (field: string, n: number) => ({
  narrow: { [field]: { filterType: 'NUMBER', filterVal: n, comparisonType: '<=' } },
  narrowCount: n,
});
/** The funding list of a request type and status. */
const fundingList = (type: string, status: string) => ({
  path: calls.funding.listFundingRequests,
  extra: { type, status },
  total: (b: Record<string, unknown>) => b.data as Total,
});

/** Each server-paged list, how to call it, and where its total sits in the reply. */
const LISTS: {
  name: string;
  path: CallDef;
  params?: Record<string, string>;
  extra?: Record<string, unknown>;
  /** A filter that leaves a few rows (the count is then exact). */
  narrow: Record<string, unknown>;
  narrowCount: number;
  total: (body: Record<string, unknown>) => Total;
}[] = [
  { name: 'deposits', ...fundingList('deposit', 'pending'), ...upTo('accountNumber', 7) },
  { name: 'withdrawals', ...fundingList('withdrawal', 'incomplete'), ...upTo('accountNumber', 3) },
  { name: 'transfers', ...fundingList('transfer', 'pending'), ...upTo('sourceAccount', 5) },
  {
    name: 'live trading accounts',
    path: calls.accounts.pageAccounts,
    params: { all: 'all', type: 'live', approved: 'all' },
    ...upTo('number', 4),
    total: (b) => b.data as Total,
  },
  {
    name: 'wallet accounts',
    path: calls.accounts.pageWalletAccounts,
    ...upTo('number', 4),
    total: (b) => b.data as Total,
  },
  {
    name: 'leverage changes',
    path: calls.accounts.pageLeverageRequests,
    params: { status: 'pending' },
    ...upTo('accountNumber', 2),
    total: (b) => b as Total,
  },
  {
    name: 'sub-account requests',
    path: calls.accounts.pageSubAccountRequests,
    params: { live: 'all', status: 'pending' },
    narrow: { timeCreated: { filterType: 'NUMBER', filterVal: 1_000_006, comparisonType: '<=' } },
    narrowCount: 6,
    total: (b) => b as Total,
  },
  {
    name: 'IB requests',
    path: calls.partners.pageIbRequests,
    narrow: { timestamp: { filterType: 'NUMBER', filterVal: 1_000_003, comparisonType: '<=' } },
    narrowCount: 3,
    total: (b) => b as Total,
  },
  {
    name: 'IB codes',
    path: calls.partners.pageIbCodes,
    ...upTo('agentCode', 5),
    total: (b) => b as Total,
  },
];

describe(`every server-paged list counts up to TOTAL_CAP rows (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('capped@desk.test'));
    await t.db.execute(sql`
      insert into users (id, role, name, surname, email, status, timestamp)
      values (${CLIENT}, 'USER', 'Cap', 'Client', 'client@capped.test', 'approved', 1000000)`);
    const g = sql`generate_series(1, ${N}) g`;
    await seedPerRow(t, sql`${CLIENT}`, g);
    await t.db.execute(sql`
      insert into withdrawals (id, user_id, withdrawal_type, withdrawal_currency, withdrawal_amount,
                               account_number, timestamp, status)
      select ${hexId('e')}, ${CLIENT}, 'wire', 'USD', 10, g, 1000000 + g, 'incomplete' from ${g}`);
    await t.db.execute(sql`
      insert into trading_accounts (id, user_id, number, live, approved, type, base_currency, leverage,
                                    time_created)
      select ${hexId('a')}, ${CLIENT}, g, true, true, 'Standard', 'USD', 100, 1000000 + g from ${g}`);
  }, 300_000);
  afterAll(() => t.stop());

  const call = (list: (typeof LISTS)[number], body: Record<string, unknown>) =>
    t.raw(list.path, { params: list.params, body }, t.auth(token));

  it.each(LISTS)('$name: capped past TOTAL_CAP, exact below it', async (list) => {
    const all = await call(list, { ...list.extra, page: 1, sizePerPage: 10, filters: {} });
    expect(all.status).toBe(200);
    expect(list.total(all.body)).toMatchObject({ totalSize: TOTAL_CAP, totalCapped: true });

    const few = await call(list, { ...list.extra, page: 1, sizePerPage: 10, filters: list.narrow });
    expect(few.status).toBe(200);
    expect(list.total(few.body).totalSize).toBe(list.narrowCount);
    expect(list.total(few.body).totalCapped).toBeUndefined();
  });
});
