import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, EXPORTABLE_LISTS, type Filter } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { hexId, seedPerRow } from './support.ts';

const ALPHA = 'a1a1a1a1a1a1a1a1a1a1a1a1'; // owns the odd rows
const BETA = 'b2b2b2b2b2b2b2b2b2b2b2b2'; // owns the even rows
const N = 1_500; // more than one cursor batch, so the per-batch client lookup runs twice
const idOf = (prefix: string, g: number) => prefix + g.toString(16).padStart(23, '0');
const upTo = (field: string, n: number): Record<string, Filter> => ({
  [field]: { filterType: 'NUMBER', filterVal: n, comparisonType: '<=' },
});
const alphaEmail = (field: string): Record<string, Filter> => ({
  [field]: { filterType: 'TEXT', filterVal: 'alpha@' },
});

/** Every registered list but the clients' (list-export.test.ts): its view, and the rows it must give. */
const CASES: {
  list: (typeof EXPORTABLE_LISTS)[number];
  params?: Record<string, string>;
  filters: Record<string, Filter>;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  header: RegExp;
  count: number;
  first: string;
  last: string;
  /** The client the first row names (resolved from the users table). */
  client?: string;
}[] = [
  {
    list: 'funding',
    params: { type: 'deposit', status: 'pending' },
    filters: upTo('accountNumber', 1200),
    sortField: 'accountNumber',
    sortOrder: 'asc',
    header: /^Id,Gateway,Time \(UTC\),Payment method,Client id,Name,Surname,Email,Transaction id,/,
    count: 1200,
    first: idOf('d', 1),
    last: idOf('d', 1200),
    client: 'alpha@export.test',
  },
  {
    list: 'funding',
    params: { type: 'withdrawal', status: 'incomplete' },
    filters: upTo('accountNumber', 1200),
    sortField: 'accountNumber',
    sortOrder: 'desc',
    header: /^Id,Gateway,Time of request \(UTC\),Payment method,Client id,Name,/,
    count: 1200,
    first: idOf('e', 1200),
    last: idOf('e', 1),
    client: 'beta@export.test',
  },
  {
    list: 'funding',
    params: { type: 'transfer', status: 'pending' },
    filters: upTo('sourceAccount', 1000),
    sortField: 'sourceAccount',
    sortOrder: 'asc',
    header:
      /^Id,Source account,Destination account,Client id,Name,Surname,Email,Amount,Currency,Withdrawn status,Deposited status,/,
    count: 1000,
    first: idOf('f', 1),
    last: idOf('f', 1000),
    client: 'alpha@export.test',
  },
  {
    list: 'withdrawal-orders',
    filters: upTo('accountNumber', 1200),
    sortField: 'accountNumber',
    sortOrder: 'asc',
    header: /,Order ID,Order status,Payout status$/,
    count: 400, // every third withdrawal went through the card provider
    first: idOf('e', 3),
    last: idOf('e', 1200),
    client: 'alpha@export.test',
  },
  {
    list: 'bank-accounts',
    params: { status: 'pending' },
    filters: alphaEmail('email'),
    sortField: 'timestamp',
    sortOrder: 'asc',
    header: /^Id,Client id,Name,Surname,Email,Bank name,/,
    count: 750,
    first: idOf('9', 1),
    last: idOf('9', 1499),
    client: 'alpha@export.test',
  },
  {
    list: 'trading-accounts',
    params: { type: 'live', approved: 'all' },
    filters: upTo('number', 1200),
    sortField: 'number',
    sortOrder: 'asc',
    header: /^Id,Account,Client id,Name,Surname,Email,Type,Platform,Base currency,Leverage,Balance,Equity,/,
    count: 1200,
    first: idOf('a', 1),
    last: idOf('a', 1200),
    client: 'alpha@export.test',
  },
  {
    list: 'wallet-accounts',
    filters: upTo('number', 1200),
    sortField: 'number',
    sortOrder: 'desc',
    header: /^Id,Account,Client id,/,
    count: 600, // the approved (even) ones
    first: idOf('a', 1200),
    last: idOf('a', 2),
    client: 'beta@export.test',
  },
  {
    list: 'leverage-changes',
    params: { status: 'pending' },
    filters: upTo('accountNumber', 1200),
    sortField: 'accountNumber',
    sortOrder: 'asc',
    header: /^Id,Account,Client id,Name,Surname,Email,Type,Old leverage,New leverage,Requested \(UTC\),/,
    count: 1200,
    first: idOf('b', 1),
    last: idOf('b', 1200),
    client: 'alpha@export.test',
  },
  {
    list: 'sub-account-requests',
    params: { live: 'all', status: 'pending' },
    filters: alphaEmail('email'),
    sortField: 'timeCreated',
    sortOrder: 'desc',
    header: /^Id,Client id,Name,Surname,Email,Account type,Live,Platform,Base currency,/,
    count: 750,
    first: idOf('c', 1499),
    last: idOf('c', 1),
    client: 'alpha@export.test',
  },
  {
    list: 'ib-requests',
    filters: { clientName: { filterType: 'TEXT', filterVal: 'Alpha' } },
    sortField: 'timestamp',
    sortOrder: 'asc',
    header: /^Id,Requested \(UTC\),Client id,Client,Email,Agent code,Status,/,
    count: 750,
    first: idOf('1', 1),
    last: idOf('1', 1499),
    client: 'alpha@export.test',
  },
  {
    list: 'ib-codes',
    filters: upTo('agentCode', 1200),
    sortField: 'agentCode',
    sortOrder: 'desc',
    header: /^Id,Name,Agent code,Account status code,Link,Added \(UTC\)$/,
    count: 1200,
    first: idOf('2', 1200),
    last: idOf('2', 1),
  },
  {
    list: 'groups',
    filters: { groupStatus: { filterType: 'SELECT', filterVal: 'active' } },
    sortField: 'timestamp',
    sortOrder: 'desc',
    header: /^Group ID,Group name,Status,Copy,Added \(UTC\)$/,
    count: 750,
    first: 'G1500',
    last: 'G2',
  },
];

describe(`every list exports its filtered, sorted rows as CSV (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('lists@desk.test'));
    await t.db.execute(sql`
      insert into users (id, role, name, surname, email, status, timestamp, agent_code) values
        (${ALPHA}, 'USER', 'Alpha', 'Client', 'alpha@export.test', 'approved', 1000000, 77),
        (${BETA}, 'USER', 'Beta', 'Client', 'beta@export.test', 'approved', 1000000, null)`);
    const g = sql`generate_series(1, ${N}) g`;
    const owner = sql.raw(`case when g % 2 = 1 then '${ALPHA}' else '${BETA}' end`);
    await seedPerRow(t, owner, g);
    await t.db.execute(sql`
      insert into withdrawals (id, user_id, withdrawal_type, withdrawal_currency, withdrawal_amount,
                               account_number, timestamp, status, provider_handled)
      select ${hexId('e')}, ${owner}, 'wire', 'USD', 10, g, 1000000 + g, 'incomplete', g % 3 = 0 from ${g}`);
    await t.db.execute(sql`
      insert into bank_accounts (id, user_id, bank_name, bank_country, bank_account_currency, status, timestamp)
      select ${hexId('9')}, ${owner}, 'Bank ' || g, 'GB', 'GBP', 'pending', 1000000 + g from ${g}`);
    await t.db.execute(sql`
      insert into trading_accounts (id, user_id, number, live, approved, type, base_currency, leverage,
                                    time_created)
      select ${hexId('a')}, ${owner}, g, true, g % 2 = 0, 'Standard', 'USD', 100, 1000000 + g from ${g}`);
    await t.db.execute(sql`
      insert into groups (group_id, group_name, group_status, timestamp)
      select 'G' || g, 'Group ' || g, case when g % 2 = 0 then 'active' else 'disabled' end, 1000000 + g
      from ${g}`);
  }, 300_000);
  afterAll(() => t.stop());

  it('covers every registered list', () => {
    expect(new Set(CASES.map((c) => c.list))).toEqual(new Set(EXPORTABLE_LISTS.filter((l) => l !== 'users')));
  });

  it.each(CASES)('$list $params', async (c) => {
    const link = await t.call(
      calls.exports.createExport,
      {
        body: {
          list: c.list,
          params: c.params ?? {},
          request: {
            page: 2,
            sizePerPage: 10,
            sortField: c.sortField,
            sortOrder: c.sortOrder,
            filters: c.filters,
          },
        },
      },
      t.auth(token),
    );
    expect(link.status).toBe(200);
    const res = await fetch(t.base + link.body.url);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split('\r\n');
    // Every cell is quoted (lib/csv.ts); headers and ids hold no quote or comma of their own.
    const unquoted = (line: string) => line.replaceAll('"', '');
    expect(unquoted(lines[0]!)).toMatch(c.header);
    expect(lines).toHaveLength(c.count + 1);
    expect(unquoted(lines[1]!.split(',')[0]!)).toBe(c.first);
    expect(unquoted(lines.at(-1)!.split(',')[0]!)).toBe(c.last);
    if (c.client) expect(lines[1]).toContain(c.client);
  });

  it('refuses a list parameter the list does not have', async () => {
    const r = await t.call(
      calls.exports.createExport,
      { body: { list: 'funding', params: { type: 'deposit', status: 'error' }, request: { filters: {} } } },
      t.auth(token),
    );
    expect(r.status).toBe(400);
    const bad = await t.call(
      calls.exports.createExport,
      { body: { list: 'groups', request: { filters: { copy: { filterType: 'TEXT', filterVal: 'x' } } } } },
      t.auth(token),
    );
    expect(bad.status).toBe(400);
  });
});
