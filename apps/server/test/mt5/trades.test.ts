import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRADE_DEALS } from '../../src/integrations/platform/mt5/client.ts';
import { parseFaults } from '../../src/integrations/platform/faults.ts';
import { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';
import { summarizeTrades } from '../../src/integrations/platform/trades.ts';
import type { Trade } from '../../src/integrations/platform/types.ts';
import type { Database } from '../../src/db/client.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { docFixture } from '../support/mt5-docs/index.ts';
import { ANN_LEE } from '../support/test-platform.ts';
import { closedPort, connect, newAccount, SHORT_TIMEOUT_MS, startFake } from './harness.ts';

/**
 * A login's trades in a time window: the real client against the protocol fake over HTTP (pages of
 * deal/get_page, MT5's volume units, the server's time zone, the cap, the cache, the unknown outcome),
 * and the simulator's trades through the same interface.
 */

/** A clock the fake and the client share, moved by hand: the cache's minutes pass at once. */
function sharedClock() {
  let t = Math.floor(Date.now() / 1000);
  return { now: () => t, advance: (s: number) => (t += s) };
}

async function traderOn(options: Parameters<typeof startFake>[0] = {}, client = {}) {
  const { fake, url } = await startFake(options);
  const mt5 = connect(url, client);
  const { login } = await mt5.createAccount(newAccount);
  return { fake, mt5, login };
}

const known = (trades: Trade[], complete = true) => ({ known: true, trades, complete });

describe('MT5 trades of a login in a window', () => {
  it('lists buys and sells only, with lots converted exactly and both ends of the window included', async () => {
    const clock = sharedClock();
    const { fake, mt5, login } = await traderOn({ now: clock.now }, { now: clock.now });
    const t = clock.now();
    await mt5.balance(login, 5000, 'dep:64f0c0ffee0000000000aaaa');
    const deals = fake.ledger.addTrades(login, [
      // Just before the window.
      { symbol: 'EURUSD', action: 'buy', lots: 1, time: t - 7201 },
      { symbol: 'EURUSD', action: 'buy', entry: 'in', lots: 0.07, time: t - 7200 },
      { symbol: 'EURUSD', action: 'sell', entry: 'out', lots: 0.07, profit: 12.4, time: t - 5000 },
      // Credit and a charge are deals, not trades.
      { symbol: '', action: 3, lots: 0, profit: 50, time: t - 4000, comment: 'Credit' },
      { symbol: '', action: 4, lots: 0, profit: -2, time: t - 3500 },
      { symbol: 'XAUUSD', action: 'sell', entry: 'in', lots: 1.5, time: t - 3000 },
      { symbol: 'XAUUSD', action: 'buy', entry: 'inout', lots: 3, profit: -37.55, time: t - 2000 },
      { symbol: 'GBPUSD', action: 'buy', entry: 'outBy', lots: 0.01, profit: 0.1, time: t },
      // Just after it.
      { symbol: 'GBPUSD', action: 'sell', entry: 'out', lots: 0.2, profit: 2, time: t + 1 },
    ]);
    const id = (i: number) => String(deals[i]!.deal);
    const history = await mt5.trades(login, { from: t - 7200, to: t });
    expect(history).toEqual(
      known([
        {
          deal: id(1),
          time: t - 7200,
          symbol: 'EURUSD',
          action: 'buy',
          entry: 'in',
          volumeLots: 0.07,
          profit: 0,
        },
        {
          deal: id(2),
          time: t - 5000,
          symbol: 'EURUSD',
          action: 'sell',
          entry: 'out',
          volumeLots: 0.07,
          profit: 12.4,
        },
        {
          deal: id(5),
          time: t - 3000,
          symbol: 'XAUUSD',
          action: 'sell',
          entry: 'in',
          volumeLots: 1.5,
          profit: 0,
        },
        {
          deal: id(6),
          time: t - 2000,
          symbol: 'XAUUSD',
          action: 'buy',
          entry: 'inout',
          volumeLots: 3,
          profit: -37.55,
        },
        {
          deal: id(7),
          time: t,
          symbol: 'GBPUSD',
          action: 'buy',
          entry: 'outBy',
          volumeLots: 0.01,
          profit: 0.1,
        },
      ]),
    );
    expect(summarizeTrades(history.known ? history.trades : [])).toEqual({
      trades: 5,
      volumeLots: 4.65,
      volumeBySymbol: { EURUSD: 0.14, GBPUSD: 0.01, XAUUSD: 4.5 },
      profit: -25.05,
    });
    // The read asked for the window, not the history.
    const asked = fake.received.filter((r) => r.path === '/api/deal/get_page').at(-1)!.query;
    expect([asked.get('from'), asked.get('to'), asked.get('total')]).toEqual([
      String(t - 7200),
      String(t),
      '100',
    ]);
  });

  it('reads a server that lists only Volume (1/10,000 lot) as well as one that fills VolumeExt', async () => {
    const { fake, mt5 } = await traderOn();
    // The documented trade page, then the same with VolumeExt left empty as an older server does.
    const page = docFixture('deal-get-page-trades');
    fake.faults.answer({ path: '/api/deal/get_page', reply: page.reply });
    const window = { from: 1546300800, to: 1546387200 };
    const documented = await mt5.trades(1020, window);
    expect(
      documented.known && documented.trades.map((x) => [x.deal, x.action, x.entry, x.volumeLots, x.profit]),
    ).toEqual([
      ['11918650', 'buy', 'in', 0.1, 0],
      ['11918655', 'sell', 'out', 0.1, 12.4],
      ['11918671', 'sell', 'in', 0.01, 0],
      ['11918680', 'buy', 'out', 0.01, -3.75],
    ]);
    const answer = (page.reply.body.answer as Record<string, string>[]).map((d) => ({ ...d, VolumeExt: '' }));
    fake.faults.answer({
      path: '/api/deal/get_page',
      reply: { status: 200, body: { retcode: '0 Done', answer } },
    });
    const older = await mt5.trades(1020, { ...window, to: window.to - 60 });
    expect(older.known && older.trades.map((x) => x.volumeLots)).toEqual([0.1, 0.1, 0.01, 0.01]);
  });

  it.each([
    ['three hours ahead of UTC', 3 * 3600],
    ['five hours behind UTC', -5 * 3600],
  ])(
    'on a trade server %s: the window is shifted to its clock and times come back in UTC',
    async (_, utcOffset) => {
      const clock = sharedClock();
      const { fake, mt5, login } = await traderOn({ now: clock.now, utcOffset }, { now: clock.now });
      const utc = clock.now();
      // The fake's ledger keeps the server's local time, as MT5 does.
      fake.ledger.addTrades(login, [
        { symbol: 'EURUSD', action: 'buy', lots: 0.5, time: utc + utcOffset - 600 },
        { symbol: 'EURUSD', action: 'sell', entry: 'out', lots: 0.5, profit: 8, time: utc + utcOffset - 60 },
        // Inside the window if the server's clock were read as UTC, hours away from it in truth.
        { symbol: 'EURUSD', action: 'buy', lots: 9, time: utc - 300 },
      ]);
      const history = await mt5.trades(login, { from: utc - 900, to: utc });
      expect(history.known && history.trades.map((x) => [x.time, x.volumeLots])).toEqual([
        [utc - 600, 0.5],
        [utc - 60, 0.5],
      ]);
    },
  );

  it('reads page after page when the window holds more than a page', async () => {
    const { fake, mt5, login } = await traderOn();
    await mt5.balance(login, 100, 'dep:64f0c0ffee0000000000bbbb');
    fake.ledger.history(login, 2 * 100 + 50, 1);
    const pages = fake.counters.dealPageReads;
    const now = Math.floor(Date.now() / 1000);
    const history = await mt5.trades(login, { from: now - 3600, to: now + 60 });
    // 250 trades and the deposit: three pages, the last one short.
    expect(fake.counters.dealPageReads - pages).toBe(3);
    expect(history).toMatchObject({ known: true, complete: true });
    expect(history.known && summarizeTrades(history.trades)).toMatchObject({ trades: 250, volumeLots: 2.5 });
  });

  it(`stops at ${MAX_TRADE_DEALS} deals: the oldest trades, marked incomplete, for a bounded number of reads`, async () => {
    const { fake, mt5, login } = await traderOn();
    fake.ledger.history(login, MAX_TRADE_DEALS + 150, 1);
    const pages = fake.counters.dealPageReads;
    const now = Math.floor(Date.now() / 1000);
    const history = await mt5.trades(login, { from: now - 86_400, to: now + 60 });
    expect(fake.counters.dealPageReads - pages).toBe(MAX_TRADE_DEALS / 100);
    expect(history).toMatchObject({ known: true, complete: false });
    const trades = history.known ? history.trades : [];
    expect(trades).toHaveLength(MAX_TRADE_DEALS);
    // The oldest ones: the history's first deal is 10,150 s old.
    expect(trades[0]!.time).toBeLessThanOrEqual(now - MAX_TRADE_DEALS - 150);
  });

  it('answers the same login and window from memory within the ttl, and reads again after it', async () => {
    const clock = sharedClock();
    const { fake, mt5, login } = await traderOn(
      { now: clock.now },
      { now: clock.now, tradesTtlSeconds: 120 },
    );
    const t = clock.now();
    fake.ledger.addTrades(login, [{ symbol: 'EURUSD', action: 'buy', lots: 0.3, time: t - 30 }]);
    const window = { from: t - 3600, to: t };
    const first = await mt5.trades(login, window);
    const requests = fake.counters.requests;
    // The modal opened again, twice at once, 119 s later: no request at all.
    clock.advance(119);
    const [second, third] = await Promise.all([mt5.trades(login, window), mt5.trades(login, window)]);
    expect(fake.counters.requests).toBe(requests);
    expect([second, third]).toEqual([first, first]);
    // Another window is another question.
    await mt5.trades(login, { ...window, from: window.from - 60 });
    expect(fake.counters.dealPageReads).toBe(2);
    // Past the ttl the window is read again and shows what happened meanwhile.
    fake.ledger.addTrades(login, [
      { symbol: 'EURUSD', action: 'sell', entry: 'out', lots: 0.3, profit: 3, time: t - 10 },
    ]);
    clock.advance(1);
    const later = await mt5.trades(login, window);
    expect(fake.counters.dealPageReads).toBe(3);
    expect(later.known && later.trades).toHaveLength(2);
  });

  it('shares one read between questions asked while it is under way', async () => {
    const { fake, mt5, login } = await traderOn();
    const now = Math.floor(Date.now() / 1000);
    const window = { from: now - 60, to: now };
    const answers = await Promise.all([
      mt5.trades(login, window),
      mt5.trades(login, window),
      mt5.trades(login, window),
    ]);
    expect(fake.counters.dealPageReads).toBe(1);
    expect(answers.every((a) => a.known)).toBe(true);
  });

  it('a refusal gives the unknown outcome, never a throw, and is not kept: the next question reads again', async () => {
    const { fake, mt5, login } = await traderOn();
    const now = Math.floor(Date.now() / 1000);
    const window = { from: now - 60, to: now };
    fake.faults.refuse({ path: '/api/deal/get_page', retcode: 8 });
    const refused = await mt5.trades(login, window);
    expect(refused).toMatchObject({ known: false });
    expect(!refused.known && refused.reason).toMatch(/deal\/get_page/);
    await expect(mt5.trades(login, window)).resolves.toMatchObject({ known: true, trades: [] });
  });

  it('a platform that does not answer in time gives the unknown outcome', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url, { timeoutMs: SHORT_TIMEOUT_MS, retry: { attempts: 1, backoffMs: 5 } });
    const { login } = await mt5.createAccount(newAccount);
    const now = Math.floor(Date.now() / 1000);
    fake.faults.timeout({ path: '/api/deal/get_page' });
    await expect(mt5.trades(login, { from: now - 60, to: now })).resolves.toMatchObject({ known: false });
  });

  it('a platform that cannot be reached, or whose clock cannot be read, gives the unknown outcome', async () => {
    const down = connect(`http://127.0.0.1:${await closedPort()}`, { retry: { attempts: 2, backoffMs: 5 } });
    await expect(down.trades(954_400, { from: 0, to: 60 })).resolves.toMatchObject({ known: false });
    const { fake, mt5, login } = await traderOn();
    fake.faults.refuse({ path: '/api/time/server', retcode: 8 });
    await expect(mt5.trades(login, { from: 0, to: 60 })).resolves.toMatchObject({ known: false });
    // A window that is no window is refused the same way, without a read.
    const reads = fake.counters.dealPageReads;
    await expect(mt5.trades(login, { from: 60, to: 0 })).resolves.toMatchObject({ known: false });
    await expect(mt5.trades(login, { from: 0.5, to: 60 })).resolves.toMatchObject({ known: false });
    expect(fake.counters.dealPageReads).toBe(reads);
  });
});

describe(`simulator trades (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const account = ANN_LEE;

  it('keeps trades per login, answers a window oldest first and moves the balance by their profit', async () => {
    const clock = manualClock();
    const sim = new SimulatorPlatform(database.db, clock, parseFaults(''), () => 0.5, 10, 120);
    const { login } = await sim.createAccount(account);
    const other = await sim.createAccount(account);
    await sim.balance(login, 1000, 'dep:1');
    const t = clock.now();
    const added = await sim.addTrades(login, [
      { time: t - 50, symbol: 'EURUSD', action: 'sell', entry: 'out', volumeLots: 0.07, profit: 21.3 },
      { time: t - 100, symbol: 'EURUSD', action: 'buy', entry: 'in', volumeLots: 0.07, profit: 0 },
      { time: t - 5000, symbol: 'XAUUSD', action: 'buy', entry: 'in', volumeLots: 2, profit: 0 },
    ]);
    await sim.addTrades(other.login, [
      { time: t - 70, symbol: 'GBPUSD', action: 'buy', entry: 'in', volumeLots: 1, profit: 0 },
    ]);
    expect(new Set(added.map((a) => a.deal)).size).toBe(3);
    const history = await sim.trades(login, { from: t - 100, to: t });
    expect(history).toEqual(
      known([
        {
          deal: added[1]!.deal,
          time: t - 100,
          symbol: 'EURUSD',
          action: 'buy',
          entry: 'in',
          volumeLots: 0.07,
          profit: 0,
        },
        {
          deal: added[0]!.deal,
          time: t - 50,
          symbol: 'EURUSD',
          action: 'sell',
          entry: 'out',
          volumeLots: 0.07,
          profit: 21.3,
        },
      ]),
    );
    expect((await sim.getAccount(login)).balance).toBe(1021.3);
    // Trades are not balance deals: reconciliation's reading does not change.
    expect((await sim.balanceDeals(login, 0, t)).map((d) => d.amount)).toEqual([1000]);
  });

  it('answers a window again from memory within the ttl; its own additions show at once', async () => {
    const clock = manualClock();
    const sim = new SimulatorPlatform(database.db, clock, parseFaults(''), () => 0.5, 10, 120);
    const { login } = await sim.createAccount(account);
    const t = clock.now();
    const window = { from: t - 600, to: t };
    await sim.addTrades(login, [
      { time: t - 10, symbol: 'US30', action: 'buy', entry: 'in', volumeLots: 0.1, profit: 0 },
    ]);
    const first = await sim.trades(login, window);
    // Down now, but the answer is kept for 120 s.
    sim.setFaults(parseFaults('down=1'));
    clock.advance(100);
    expect(await sim.trades(login, window)).toEqual(first);
    clock.advance(21);
    expect(await sim.trades(login, window)).toMatchObject({ known: false, reason: 'Platform unreachable' });
    sim.setFaults(parseFaults(''));
    await sim.addTrades(login, [
      { time: t - 5, symbol: 'US30', action: 'sell', entry: 'out', volumeLots: 0.1, profit: -4 },
    ]);
    const after = await sim.trades(login, window);
    expect(after.known && summarizeTrades(after.trades)).toEqual({
      trades: 2,
      volumeLots: 0.2,
      volumeBySymbol: { US30: 0.2 },
      profit: -4,
    });
  });

  it('refuses a trade that is none, and an unknown login', async () => {
    const sim = new SimulatorPlatform(database.db, manualClock(), parseFaults(''), () => 0.5, 10);
    const { login } = await sim.createAccount(account);
    const trade = {
      time: 1,
      symbol: 'EURUSD',
      action: 'buy',
      entry: 'in',
      volumeLots: 0,
      profit: 0,
    } as const;
    await expect(sim.addTrades(login, [trade])).rejects.toMatchObject({ kind: 'permanent' });
    await expect(sim.addTrades(9_999_999, [{ ...trade, volumeLots: 1 }])).rejects.toMatchObject({ code: 13 });
    await expect(sim.trades(9_999_999, { from: 0, to: 10 })).resolves.toEqual(known([]));
  });
});
