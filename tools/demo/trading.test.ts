import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, testDbKind } from '../../apps/server/test/support/db.ts';
import type { Database, Db } from '@brokerdesk/server/db/client';
import { manualClock } from '@brokerdesk/server/lib/clock';
import { NO_FAULTS } from '@brokerdesk/server/integrations/platform/faults';
import { SimulatorPlatform } from '@brokerdesk/server/integrations/platform/simulator';
import { summarizeTrades } from '@brokerdesk/server/integrations/platform/trades';
import type { Trade } from '@brokerdesk/server/integrations/platform/types';
import { DEMO_NOW, seedDemoData } from './seed.ts';

/**
 * The demo's trading histories, read back through the simulator as the console reads them: active
 * traders, occasional ones, and holders who deposit and withdraw with hardly any trading.
 */

type Funded = { login: number; deposited: number; firstFunded: number; withdrawals: number };

async function fundedAccounts(db: Db): Promise<Funded[]> {
  const result = (await db.execute(sql`
    select a.number as login,
           (select coalesce(sum(d.deposit_amount_sent), 0) from deposits d
             where d.account_number = a.number and d.status = 'approved') as deposited,
           (select min(coalesce(d.time_approved, d.timestamp)) from deposits d
             where d.account_number = a.number and d.status = 'approved') as first_funded,
           (select count(*) from withdrawals w where w.account_number = a.number and w.status = 'approved') as withdrawals
      from trading_accounts a
     where a.live and a.approved`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows
    .filter((r) => Number(r.deposited) > 0)
    .map((r) => ({
      login: Number(r.login),
      deposited: Number(r.deposited),
      firstFunded: Number(r.first_funded),
      withdrawals: Number(r.withdrawals),
    }));
}

describe(`demo trading histories (${testDbKind})`, () => {
  let database: Database;
  let histories: { account: Funded; trades: Trade[] }[];
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db, { clients: 300, seed: 42 });
    const sim = new SimulatorPlatform(database.db, manualClock(DEMO_NOW), NO_FAULTS);
    histories = [];
    for (const account of await fundedAccounts(database.db)) {
      const h = await sim.trades(account.login, { from: 0, to: DEMO_NOW });
      if (!h.known || !h.complete) throw new Error(`trades of ${account.login} not read whole`);
      histories.push({ account, trades: h.trades });
    }
  });
  afterAll(() => database.close());

  it('gives some funded accounts a lot of trading, and some who withdrew hardly any', () => {
    const active = histories.filter((h) => h.trades.length >= 50);
    const passThrough = histories.filter((h) => h.account.withdrawals > 0 && h.trades.length <= 4);
    expect(active.length).toBeGreaterThan(10);
    expect(passThrough.length).toBeGreaterThan(5);
    // Active traders start within hours of their first deposit.
    for (const { account, trades } of active) {
      expect(trades[0]!.time - account.firstFunded).toBeLessThanOrEqual(6 * 3600);
    }
    // And no account trades before money reached it, or after the data's "now".
    for (const { account, trades } of histories) {
      for (const t of trades) {
        expect(t.time).toBeGreaterThan(account.firstFunded);
        expect(t.time).toBeLessThanOrEqual(DEMO_NOW);
      }
    }
  });

  it('pairs every opening with a closing of the same size, in plausible lots, profits on closings only', () => {
    for (const { trades } of histories) {
      const opens = trades.filter((t) => t.entry === 'in');
      const closes = trades.filter((t) => t.entry === 'out');
      expect(opens.length).toBe(closes.length);
      expect(opens.every((t) => t.profit === 0)).toBe(true);
      expect(summarizeTrades(opens).volumeLots).toBeCloseTo(summarizeTrades(closes).volumeLots, 8);
      for (const t of trades) {
        expect(t.volumeLots).toBeGreaterThanOrEqual(0.01);
        expect(t.volumeLots).toBeLessThanOrEqual(10);
        expect(Math.round(t.volumeLots * 100) / 100).toBe(t.volumeLots);
        expect(Math.round(t.profit * 100) / 100).toBe(t.profit);
      }
    }
    const all = histories.flatMap((h) => h.trades);
    expect(new Set(all.map((t) => t.deal)).size).toBe(all.length);
    expect(Object.keys(summarizeTrades(all).volumeBySymbol)).toEqual(
      expect.arrayContaining(['EURUSD', 'XAUUSD', 'GBPUSD']),
    );
  });

  it('leaves the pass-through accounts about where their money left them: the smallest lots, results under 1%', () => {
    const quiet = histories.filter(
      (h) => h.account.withdrawals > 0 && h.trades.length > 0 && h.trades.length <= 4,
    );
    expect(quiet.length).toBeGreaterThan(0);
    for (const { account, trades } of quiet) {
      expect(trades.every((t) => t.volumeLots === 0.01)).toBe(true);
      expect(Math.abs(summarizeTrades(trades).profit)).toBeLessThanOrEqual(account.deposited * 0.01);
    }
  });
});
