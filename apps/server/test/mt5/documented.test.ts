import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passwordHash, randAnswer } from '../../src/integrations/platform/mt5/hash.ts';
import { RETCODES } from '../../src/integrations/platform/mt5/retcodes.ts';
import { KEPT_OLD_VALUE } from '../../src/integrations/platform/types.ts';
import {
  docFixture,
  docFixtureNames,
  documentedRetcodes,
  type DocFixture,
} from '../support/mt5-docs/index.ts';
import { route } from '../support/fake-mt5/routes.ts';
import { connect, startFake } from './harness.ts';

/**
 * The client against MetaQuotes' documented examples (test/support/mt5-docs): the fake answers a call
 * with the documented reply word for word, and the client must read the documented values from it and
 * send the documented parameter names. A field name the two disagree on fails here.
 */

const fixture = docFixture;
const replay = (fake: Awaited<ReturnType<typeof startFake>>['fake'], f: DocFixture) =>
  fake.faults.answer({ path: f.request.path, reply: f.reply });

/** The parameter names of the last request the fake received on `path`, query and body apart. */
function sent(fake: Awaited<ReturnType<typeof startFake>>['fake'], path: string) {
  const last = fake.received.filter((r) => r.path === path).at(-1);
  if (!last) throw new Error(`nothing was sent to ${path}`);
  const body = last.bodyText ? Object.keys(JSON.parse(last.bodyText) as object) : [];
  return { query: [...last.query.keys()].sort(), body: body.sort() };
}
const documentedNames = (f: DocFixture) => ({
  query: Object.keys(f.request.query).sort(),
  body: Object.keys(f.request.body ?? {}).sort(),
});

async function client() {
  const { fake, url } = await startFake();
  const mt5 = connect(url);
  await mt5.status();
  return { fake, mt5 };
}

describe('MT5 documentation fixtures', () => {
  it('name their page and hold a request and a reply', () => {
    expect(docFixtureNames().length).toBeGreaterThanOrEqual(15);
    for (const name of docFixtureNames()) {
      const f = fixture(name);
      expect(f.source, name).toMatch(/^https:\/\/support\.metaquotes\.net\/en\/docs\/mt5\/api\//);
      expect(f.request.path, name).toMatch(/^\/api\//);
      expect(f.facts.length, name).toBeGreaterThan(0);
    }
  });

  it('give the handshake digests the client computes', () => {
    const v = fixture('auth-answer').vectors!;
    const pw = passwordHash(v.password!);
    expect(pw.toString('hex')).toBe(v.pwHash);
    expect(randAnswer(pw, v.srv_rand!)).toBe(v.srv_rand_answer);
    expect(randAnswer(pw, v.cli_rand!)).toBe(v.cli_rand_answer);
  });

  it('name every return code the client classes as MetaQuotes does', () => {
    const documented = documentedRetcodes();
    for (const [code, { name }] of Object.entries(RETCODES)) expect(documented[code], code).toBe(name);
  });

  it('agree with the table operators read (docs/operations.md "MT5 return codes")', () => {
    const docs = fs.readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
    const rows = docs
      .split('\n')
      .filter((l) => l.startsWith('|'))
      .map((l) => l.split('|').map((cell) => cell.trim()));
    for (const [code, { name, class: cls }] of Object.entries(RETCODES)) {
      const row = rows.find((cells) => cells[1] === code);
      expect(row, code).toBeDefined();
      expect([row![2], row![4]], code).toEqual([name, cls]);
    }
  });
});

describe('MT5 client against the documented replies', () => {
  it('group/total: reads the documented Total', async () => {
    const { fake, mt5 } = await client();
    replay(fake, fixture('group-total'));
    expect(await mt5.groupCount()).toBe(563);
  });

  it('user/get and user/account/get: reads the account as documented', async () => {
    const { fake, mt5 } = await client();
    replay(fake, fixture('user-get'));
    replay(fake, fixture('user-account-get'));
    expect(await mt5.getAccount(764636)).toEqual({
      login: 764636,
      name: 'John Smith',
      group: 'demo\\forex',
      leverage: 100,
      balance: 26000,
      equity: 25993.56,
    });
    expect(sent(fake, '/api/user/get')).toEqual(documentedNames(fixture('user-get')));
    expect(sent(fake, '/api/user/account/get')).toEqual(documentedNames(fixture('user-account-get')));
  });

  it('user/add: reads the new login and sends the documented names', async () => {
    const { fake, mt5 } = await client();
    const f = fixture('user-add');
    replay(fake, f);
    const created = await mt5.createAccount({
      name: 'John Smith',
      group: 'demo\\forex',
      leverage: 100,
      passwordMain: 'Main1234!a',
      passwordInvestor: 'Invest12!b',
    });
    expect(created).toEqual({ login: 764636 });
    expect(sent(fake, '/api/user/add')).toEqual(documentedNames(f));
  });

  it('user/update: a changed value is success; a value MT5 kept (0 Done all the same) is a refusal', async () => {
    const { fake, mt5 } = await client();
    replay(fake, fixture('user-update'));
    await mt5.setLeverage(764636, 200);
    expect(sent(fake, '/api/user/update')).toEqual(documentedNames(fixture('user-update')));
    replay(fake, fixture('user-update-kept'));
    await expect(mt5.setLeverage(764636, 5000)).rejects.toMatchObject({
      kind: 'permanent',
      code: KEPT_OLD_VALUE,
      message: 'MT5 kept leverage 1:100',
    });
    replay(fake, fixture('user-update-kept'));
    await expect(mt5.setGroup(764636, 'real\\pro')).rejects.toMatchObject({
      message: 'MT5 kept group "demo\\forex"',
    });
  });

  it('user/check_password and user/change_password: the documented answers and names', async () => {
    const { fake, mt5 } = await client();
    replay(fake, fixture('user-check-password'));
    expect(await mt5.checkPassword(764636, 'main', 'Main1234!a')).toBe(true);
    expect(sent(fake, '/api/user/check_password')).toEqual(documentedNames(fixture('user-check-password')));
    replay(fake, fixture('user-check-password-wrong'));
    expect(await mt5.checkPassword(764636, 'main', 'wrong')).toBe(false);
    replay(fake, fixture('user-change-password'));
    await mt5.changePassword(764636, 'investor', 'Invest99!c');
    expect(sent(fake, '/api/user/change_password')).toEqual(documentedNames(fixture('user-change-password')));
  });

  it('trade/balance: reads the Ticket, sends the documented names, and 10019 is a refusal', async () => {
    const { fake, mt5 } = await client();
    replay(fake, fixture('trade-balance'));
    expect(await mt5.balance(764636, 1000, 'Deposit')).toBe('136623');
    expect(sent(fake, '/api/trade/balance')).toEqual(documentedNames(fixture('trade-balance')));
    replay(fake, fixture('trade-balance-no-money'));
    await expect(mt5.balance(764636, -99999, 'Withdrawal')).rejects.toMatchObject({
      kind: 'permanent',
      code: 10019,
    });
  });

  it('deal/get_page: finds the documented deal by its Comment and sends the documented names', async () => {
    const { fake, mt5 } = await client();
    const f = fixture('deal-get-page');
    replay(fake, f);
    expect(await mt5.findDeal(1020, 'Deposit', 1546345925 - 60)).toEqual({
      deal: '11918642',
      login: 1020,
      amount: 1000,
      comment: 'Deposit',
      time: 1546345925,
    });
    expect(sent(fake, '/api/deal/get_page')).toEqual(documentedNames(f));
  });

  it('deal/get_page with trades: reads Action, Entry, Symbol, VolumeExt and Profit as documented, sends the documented names', async () => {
    const { fake, mt5 } = await client();
    const f = fixture('deal-get-page-trades');
    replay(fake, f);
    const from = Number(f.request.query.from);
    const to = Number(f.request.query.to);
    const history = await mt5.trades(Number(f.request.query.login), { from, to });
    // The balance, credit and charge deals are left out; 1000 units of Volume are 0.1 lot.
    expect(history).toEqual({
      known: true,
      complete: true,
      trades: [
        {
          deal: '11918650',
          time: 1546349525,
          symbol: 'EURUSD',
          action: 'buy',
          entry: 'in',
          volumeLots: 0.1,
          profit: 0,
        },
        {
          deal: '11918655',
          time: 1546353125,
          symbol: 'EURUSD',
          action: 'sell',
          entry: 'out',
          volumeLots: 0.1,
          profit: 12.4,
        },
        {
          deal: '11918671',
          time: 1546354925,
          symbol: 'XAUUSD',
          action: 'sell',
          entry: 'in',
          volumeLots: 0.01,
          profit: 0,
        },
        {
          deal: '11918680',
          time: 1546356725,
          symbol: 'XAUUSD',
          action: 'buy',
          entry: 'out',
          volumeLots: 0.01,
          profit: -3.75,
        },
      ],
    });
    expect(sent(fake, '/api/deal/get_page')).toEqual(documentedNames(f));
    const last = fake.received.filter((r) => r.path === '/api/deal/get_page').at(-1)!.query;
    expect(Object.fromEntries(last)).toEqual(f.request.query);
  });

  it('deal/get_batch: keeps the balance deal and leaves the trade out', async () => {
    const { fake, mt5 } = await client();
    const f = fixture('deal-get-batch');
    replay(fake, f);
    const deals = await mt5.balanceDeals(1020, 1546300800, 1603093199);
    expect(deals).toEqual([
      { deal: '11918642', login: 1020, amount: 1000, comment: 'Deposit', time: 1546345925 },
    ]);
    expect(sent(fake, '/api/deal/get_batch')).toEqual(documentedNames(f));
  });

  it('group/next, group/get and time/server: the documented records', async () => {
    const { fake, mt5 } = await client();
    replay(fake, fixture('group-get'));
    expect(await mt5.group('demo\\forex')).toMatchObject({ name: 'demo\\forex', currency: 'USD' });
    expect(sent(fake, '/api/group/get')).toEqual(documentedNames(fixture('group-get')));
    replay(fake, fixture('time-server'));
    expect(await mt5.serverTime()).toBe(1572518788);
    replay(fake, fixture('group-total'));
    replay(fake, fixture('group-next'));
    // One documented group answered for the first page: a server that answers less than it counts ends the list.
    replay(fake, {
      ...fixture('group-next'),
      reply: { status: 200, body: { retcode: '0 Done', answer: [] } },
    });
    expect(await mt5.groups()).toEqual(['demo\\forex']);
  });

  it('a lost session (HTTP 403 on an open connection): signs in again and repeats the read once', async () => {
    const { fake, mt5 } = await client();
    replay(fake, fixture('session-lost'));
    replay(fake, fixture('user-get'));
    replay(fake, fixture('user-account-get'));
    expect(await mt5.getAccount(764636)).toMatchObject({ login: 764636 });
    expect(fake.counters.auths).toBe(2);
  });

  it('every call fixture is exercised by a test above or by the session tests', () => {
    // auth/start, auth/answer and test/access run on every connect; the rest are named above.
    const named = [
      'auth-start',
      'auth-answer',
      'test-access',
      'session-lost',
      'user-get',
      'user-add',
      'user-update',
      'user-update-kept',
      'user-account-get',
      'user-check-password',
      'user-check-password-wrong',
      'user-change-password',
      'trade-balance',
      'trade-balance-no-money',
      'deal-get-batch',
      'deal-get-page',
      'deal-get-page-trades',
      'group-total',
      'group-next',
      'group-get',
      'time-server',
    ];
    expect(docFixtureNames()).toEqual([...named].sort());
  });
});

describe('the fake against the documented replies', () => {
  it('answers every documented call with the documented field names', async () => {
    const { fake, mt5 } = await client();
    // An account with a deal, so that every call has a record to answer.
    const { login } = await mt5.createAccount({
      name: 'John Smith',
      group: 'demo\\forex',
      leverage: 100,
      passwordMain: 'Main1234!a',
      passwordInvestor: 'Invest12!b',
    });
    await mt5.balance(login, 1000, 'Deposit');
    const keysOf = (v: unknown) => Object.keys(Array.isArray(v) ? (v[0] as object) : (v as object)).sort();
    // Each reply read straight from the fake's routes, against the documented one.
    const ctx = (query: Record<string, string>) => ({
      params: new Map(Object.entries(query)),
      body: undefined,
      ledger: fake.ledger,
      now: () => Math.floor(Date.now() / 1000),
      served: () => undefined,
    });
    const from = String(Math.floor(Date.now() / 1000) - 3600);
    const to = String(Math.floor(Date.now() / 1000) + 3600);
    const checks: [string, string, Record<string, string>][] = [
      ['user-get', '/api/user/get', { login: String(login) }],
      ['user-account-get', '/api/user/account/get', { login: String(login) }],
      ['deal-get-page', '/api/deal/get_page', { login: String(login), from, to, offset: '0', total: '100' }],
      ['deal-get-batch', '/api/deal/get_batch', { login: String(login), from, to }],
      ['group-total', '/api/group/total', {}],
      ['group-next', '/api/group/next', { index: '0' }],
      ['group-get', '/api/group/get', { group: 'demo\\forex' }],
      ['time-server', '/api/time/server', {}],
      [
        'trade-balance',
        '/api/trade/balance',
        { login: String(login), type: '2', balance: '5', comment: 'x' },
      ],
    ];
    for (const [name, path, query] of checks) {
      const reply = route(path, ctx(query)).body;
      expect(keysOf(reply.answer), name).toEqual(keysOf(fixture(name).reply.body.answer));
    }
  });
});
