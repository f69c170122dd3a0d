import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallDef, TOTAL_CAP } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';

type Total = { totalSize: number; totalCapped?: boolean };
const CLIENT = 'c0c0c0c0c0c0c0c0c0c0c0c0';
const N = TOTAL_CAP + 1;
/** A 24-hex id per generated row, one leading digit per table. */
const hexId = (prefix: string) => sql.raw(`'${prefix}' || lpad(to_hex(g), 23, '0')`);

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
  {
    name: 'deposits',
    path: calls.funding.listFundingRequests,
    extra: { type: 'deposit', status: 'pending' },
    narrow: { accountNumber: { filterType: 'NUMBER', filterVal: 7, comparisonType: '<=' } },
    narrowCount: 7,
    total: (b) => b.data as Total,
  },
  {
    name: 'withdrawals',
    path: calls.funding.listFundingRequests,
    extra: { type: 'withdrawal', status: 'incomplete' },
    narrow: { accountNumber: { filterType: 'NUMBER', filterVal: 3, comparisonType: '<=' } },
    narrowCount: 3,
    total: (b) => b.data as Total,
  },
  {
    name: 'transfers',
    path: calls.funding.listFundingRequests,
    extra: { type: 'transfer', status: 'pending' },
    narrow: { sourceAccount: { filterType: 'NUMBER', filterVal: 5, comparisonType: '<=' } },
    narrowCount: 5,
    total: (b) => b.data as Total,
  },
  {
    name: 'live trading accounts',
    path: calls.accounts.pageAccounts,
    params: { all: 'all', type: 'live', approved: 'all' },
    narrow: { number: { filterType: 'NUMBER', filterVal: 4, comparisonType: '<=' } },
    narrowCount: 4,
    total: (b) => b.data as Total,
  },
  {
    name: 'wallet accounts',
    path: calls.accounts.pageWalletAccounts,
    narrow: { number: { filterType: 'NUMBER', filterVal: 4, comparisonType: '<=' } },
    narrowCount: 4,
    total: (b) => b.data as Total,
  },
  {
    name: 'leverage changes',
    path: calls.accounts.pageLeverageRequests,
    params: { status: 'pending' },
    narrow: { accountNumber: { filterType: 'NUMBER', filterVal: 2, comparisonType: '<=' } },
    narrowCount: 2,
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
    narrow: { agentCode: { filterType: 'NUMBER', filterVal: 5, comparisonType: '<=' } },
    narrowCount: 5,
    total: (b) => b as Total,
  },
];

describe(`every server-paged list counts up to TOTAL_CAP rows (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = await t.signInStaff('capped@desk.test');
    await t.db.execute(sql`
      insert into users (id, role, name, surname, email, status, timestamp)
      values (${CLIENT}, 'USER', 'Cap', 'Client', 'client@capped.test', 'approved', 1000000)`);
    const g = sql`generate_series(1, ${N}) g`;
    await t.db.execute(sql`
      insert into deposits (id, user_id, timestamp, deposit_currency, deposit_amount_sent, account_number, status)
      select ${hexId('d')}, ${CLIENT}, 1000000 + g, 'USD', 10, g, 'pending' from ${g}`);
    await t.db.execute(sql`
      insert into withdrawals (id, user_id, withdrawal_type, withdrawal_currency, withdrawal_amount,
                               account_number, timestamp, status)
      select ${hexId('e')}, ${CLIENT}, 'wire', 'USD', 10, g, 1000000 + g, 'incomplete' from ${g}`);
    await t.db.execute(sql`
      insert into transfers (id, user_id, source_account, destination_account, transfer_currency,
                             transfer_amount, timestamp, status)
      select ${hexId('f')}, ${CLIENT}, g, g + 1, 'USD', 10, 1000000 + g, 'pending' from ${g}`);
    await t.db.execute(sql`
      insert into trading_accounts (id, user_id, number, live, approved, type, base_currency, leverage,
                                    time_created)
      select ${hexId('a')}, ${CLIENT}, g, true, true, 'Standard', 'USD', 100, 1000000 + g from ${g}`);
    await t.db.execute(sql`
      insert into leverage_changes (id, user_id, account_number, account_type, old_leverage, new_leverage,
                                    status, timestamp)
      select ${hexId('b')}, ${CLIENT}, g, 'Standard', '1:100', '1:200', 'pending', 1000000 + g from ${g}`);
    await t.db.execute(sql`
      insert into sub_account_requests (id, user_id, type, live, base_currency, leverage, status, time_created)
      select ${hexId('c')}, ${CLIENT}, 'Standard', true, 'USD', 100, 'pending', 1000000 + g from ${g}`);
    await t.db.execute(sql`
      insert into ib_requests (id, user_id, status, timestamp)
      select ${hexId('1')}, ${CLIENT}, 'pending', 1000000 + g from ${g}`);
    await t.db.execute(sql`
      insert into ib_codes (id, name, code, agent_code, status_code, link, timestamp, time_created)
      select ${hexId('2')}, 'IB ' || g, 'code' || g, g, 'S', '', 1000000 + g, 1000000 + g from ${g}`);
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
