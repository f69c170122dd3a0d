import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { calls, SEARCH_GROUP_LIMIT, type SearchResponse } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import * as schema from '../../src/db/schema.ts';
import { deposits, ibCodes, tradingAccounts, users, withdrawals } from '../../src/db/schema.ts';
import type { Db } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { newId } from '../../src/lib/ids.ts';
import { search } from '../../src/features/search/service.ts';

const SEARCH = calls.search.searchRecords;

describe(`global search (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, string> = {};

  async function client(key: string, v: { name: string; surname: string; email: string; phone?: string }) {
    const id = await t.createUser({ email: v.email, role: 'USER', name: v.name });
    await t.db
      .update(users)
      .set({ surname: v.surname, mobilePhone: v.phone ?? '' })
      .where(eq(users.id, id));
    ids[key] = id;
    return id;
  }
  const find = async (q: string) => {
    const r = await t.raw<SearchResponse>(SEARCH, { body: { q } }, t.auth(token));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    ({ t, token } = await startDesk({ email: 'sofia@staff.test', role: 'SYSOP', name: 'Sofia' }));
    // Staff are not clients: an ADMIN named like a client is never found.
    await t.createUser({ email: 'anna.admin@staff.test', role: 'ADMIN', name: 'Anna' });

    for (const [key, name, surname, email, phone] of [
      ['anna', 'Anna', 'Meyer', 'Anna.Meyer@Example.com', '+44 7700 900123'],
      ['annika', 'Annika', 'Novak', 'a.novak@mail.test'],
      ['ben', 'Ben', 'Annan', 'ben_annan@mail.test', '07700 900999'],
      ['pct', 'Percy', 'Cent', '100%sure@mail.test'],
    ] as const)
      await client(key, { name, surname, email, phone });
    for (let i = 0; i < SEARCH_GROUP_LIMIT + 3; i++)
      await client(`many${i}`, { name: 'Zoe', surname: `Many${i}`, email: `zoe${i}@many.test` });

    ids.account = newId();
    await t.db.insert(tradingAccounts).values({
      id: ids.account,
      userId: ids.anna!,
      number: 7654321,
      live: true,
      approved: true,
      type: 'Standard',
      baseCurrency: 'EUR',
      leverage: 100,
      timeCreated: t.clock.now(),
    });
    const deposit = (id: string, transactionId: string, status: string) =>
      t.db.insert(deposits).values({
        id,
        userId: ids.anna!,
        timestamp: t.clock.now(),
        transactionId,
        depositCurrency: 'EUR',
        depositAmountSent: 150.5,
        accountNumber: 7654321,
        status,
      });
    ids.depositPending = newId();
    ids.depositApproved = newId();
    await deposit(ids.depositPending, 'TXQ-4242-A', 'pending');
    await deposit(ids.depositApproved, 'TXQ-4242-B', 'approved');
    const withdrawal = (id: string, requestId: string, extra: Record<string, unknown> = {}) =>
      t.db.insert(withdrawals).values({
        id,
        userId: ids.ben!,
        requestId,
        withdrawalType: 'wire',
        withdrawalCurrency: 'USD',
        withdrawalAmount: 99,
        accountNumber: 7654321,
        timestamp: t.clock.now(),
        status: 'error',
        ...extra,
      });
    ids.withdrawal = newId();
    ids.hiddenWithdrawal = newId();
    await withdrawal(ids.withdrawal, 'WDZ-777');
    // A provider withdrawal the provider has not processed: hidden from staff
    // (docs/product.md [state.provider-withdrawal]), so not found.
    await withdrawal(ids.hiddenWithdrawal, 'WDZ-778', {
      status: 'pending',
      providerHandled: true,
      providerStatus: 'PENDING',
    });

    await t.db.update(users).set({ role: 'PARTNER', agentCode: 10077 }).where(eq(users.id, ids.ben!));
    // A client referred by that introducer carries the same agent code; the partner is the PARTNER.
    await t.db.update(users).set({ agentCode: 10077 }).where(eq(users.id, ids.annika!));
    ids.ib = newId();
    await t.db.insert(ibCodes).values({
      id: ids.ib,
      name: 'Ben Annan',
      code: 'Xy7Kp2Qa',
      agentCode: 10077,
      statusCode: 'STANDARD',
      link: 'http://console.test/register/10077',
      timestamp: t.clock.now(),
      timeCreated: t.clock.now(),
    });
  });
  afterAll(() => t.stop());

  it('finds clients by the start of their email, whatever the case', async () => {
    const r = await find('anna.MEY');
    expect(r.clients.map((c) => c._id)).toEqual([ids.anna]);
    expect(r.clients[0]).toMatchObject({
      name: 'Anna',
      surname: 'Meyer',
      email: 'Anna.Meyer@Example.com',
      role: 'USER',
    });
  });

  it('finds clients by name, by name and surname, and by surname; never staff', async () => {
    const byName = await find('ann');
    expect(new Set(byName.clients.map((c) => c._id))).toEqual(new Set([ids.anna, ids.annika, ids.ben]));
    expect(byName.clients.map((c) => c.email)).not.toContain('anna.admin@staff.test');
    expect((await find('anna  mey')).clients.map((c) => c._id)).toEqual([ids.anna]);
    expect((await find('novak')).clients.map((c) => c._id)).toEqual([ids.annika]);
    expect((await find('meyer anna')).clients).toEqual([]);
  });

  it('finds clients by phone digits however the number is written', async () => {
    expect((await find('07700 900')).clients.map((c) => c._id)).toEqual([ids.ben]);
    expect((await find('+44 (7700) 900-123')).clients.map((c) => c._id)).toEqual([ids.anna]);
    // Three digits match too much to be a phone lookup.
    expect((await find('077')).clients).toEqual([]);
  });

  it('treats % and _ as text, not as wildcards', async () => {
    expect((await find('100%')).clients.map((c) => c._id)).toEqual([ids.pct]);
    expect((await find('%')).clients).toEqual([]);
    expect((await find('ben_')).clients.map((c) => c._id)).toEqual([ids.ben]);
    expect((await find('a_n')).clients).toEqual([]);
  });

  it(`answers at most ${SEARCH_GROUP_LIMIT} rows per group`, async () => {
    const r = await find('zoe');
    expect(r.clients).toHaveLength(SEARCH_GROUP_LIMIT);
    expect(new Set(r.clients.map((c) => c._id)).size).toBe(SEARCH_GROUP_LIMIT);
  });

  it('finds trading accounts by the start of their number, with their client', async () => {
    const r = await find('76543');
    expect(r.accounts).toEqual([
      {
        _id: ids.account,
        number: 7654321,
        platform: 'MT5',
        live: true,
        type: 'Standard',
        baseCurrency: 'EUR',
        userId: ids.anna,
        clientName: 'Anna Meyer',
      },
    ]);
    expect((await find('654321')).accounts).toEqual([]);
  });

  it('finds deposits and withdrawals by transaction id, with the tab that lists them', async () => {
    const r = await find('txq-4242');
    expect(r.transactions.map((x) => [x._id, x.type, x.reference, x.tab])).toEqual([
      [ids.depositPending, 'deposit', 'TXQ-4242-A', 'pending'],
      [ids.depositApproved, 'deposit', 'TXQ-4242-B', 'historical'],
    ]);
    expect(r.transactions[0]).toMatchObject({ amount: 150.5, currency: 'EUR', clientName: 'Anna Meyer' });
    const w = await find('WDZ-7');
    expect(w.transactions.map((x) => [x._id, x.type, x.tab])).toEqual([
      [ids.withdrawal, 'withdrawal', 'error'],
    ]);
  });

  it('finds a client or a request by its id', async () => {
    expect((await find(ids.depositApproved!)).transactions.map((x) => x._id)).toEqual([ids.depositApproved]);
    expect((await find(ids.anna!.toUpperCase())).clients.map((c) => c._id)).toEqual([ids.anna]);
    expect((await find(ids.hiddenWithdrawal!)).transactions).toEqual([]);
  });

  it('finds introducers by agent code or code, with the partner who holds the code', async () => {
    const expected = {
      _id: ids.ib,
      agentCode: 10077,
      code: 'Xy7Kp2Qa',
      name: 'Ben Annan',
      statusCode: 'STANDARD',
      partnerId: ids.ben,
    };
    expect((await find('1007')).ibCodes).toEqual([expected]);
    expect((await find('Xy7Kp2Qa')).ibCodes).toEqual([expected]);
    expect((await find('xy7kp2qa')).ibCodes).toEqual([]);
  });

  it('refuses empty, overlong and unknown input with field errors', async () => {
    for (const body of [{ q: '' }, { q: '   ' }, { q: 'x'.repeat(101) }, {}]) {
      const r = await t.raw(SEARCH, { body: body }, t.auth(token));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ errors: { q: expect.any(String) } });
    }
    const extra = await t.raw(SEARCH, { body: { q: 'anna', all: true } }, t.auth(token));
    expect(extra.status).toBe(400);
    expect((await t.raw(SEARCH, { body: { q: 'anna' } })).status).toBe(401);
  });

  it('reads the big tables only through their indexes', async () => {
    // The statements the search runs, captured through a logging handle on the same connection.
    const statements: { sql: string; params: unknown[] }[] = [];
    const logger = { logQuery: (q: string, p: unknown[]) => statements.push({ sql: q, params: p }) };
    const client = (t.db as unknown as { $client: PGlite | pg.Pool }).$client;
    const logging = (t.database.kind === 'pglite'
      ? drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger })
      : drizzlePg(client as pg.Pool, { schema, casing: 'snake_case', logger })) as unknown as Db;
    for (const q of ['anna mey', 'anna.meyer@', '+44 7700 900', '7654', 'TXQ-4242', ids.anna!])
      await search(logging, q);
    expect(statements.length).toBeGreaterThanOrEqual(10);

    const unindexed: string[] = [];
    await t.db.transaction(async (tx) => {
      // With sequential scans priced out, a lookup no index can answer still shows up as one.
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const s of statements) {
        const [row] = rowsOf<Record<string, unknown>>(
          await tx.execute(sql.raw(`explain (format json) ${inline(s.sql, s.params)}`)),
        );
        const raw = Object.values(row!)[0];
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
        for (const bad of unboundedScans(plan[0].Plan)) unindexed.push(`${bad}: ${s.sql.slice(0, 160)}`);
      }
    });
    expect(unindexed).toEqual([]);
  });
});

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};
/** Tables that grow with the business; ib_codes has a row per introducer. */
const BIG = new Set(['users', 'trading_accounts', 'deposits', 'withdrawals']);

/** Reads of a big table that are not bounded by an index condition (a full scan, in any order). */
function unboundedScans(node: PlanNode): string[] {
  const here: string[] = [];
  const table = node['Relation Name'];
  if (table && BIG.has(table)) {
    const bounded =
      node['Node Type'] === 'Bitmap Heap Scan' ||
      (/^Index (Only )?Scan$/.test(node['Node Type']) && node['Index Cond'] !== undefined);
    if (!bounded) here.push(`${node['Node Type']} on ${table}`);
  }
  return [...here, ...(node.Plans ?? []).flatMap(unboundedScans)];
}

/** The statement with its parameters written in as literals, for EXPLAIN. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
