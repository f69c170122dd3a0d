import { simTradesRow, type NewSimTrade } from '@brokerdesk/server/integrations/platform/simulator';
import type { Account, Client, SeedState } from './context.ts';
import { DAY, weighted } from './random.ts';
import { round2 } from './accounts.ts';

/**
 * Trading histories of the demo's live accounts on the simulator. Three kinds of holder, so that what
 * the console shows about trading tells them apart:
 * - active: trades a lot, starting within hours of the first deposit, for weeks or months;
 * - occasional: a handful of positions (three to twelve) spread over months;
 * - pass-through: deposits and withdraws with hardly any trading (none to two small round trips),
 *   the pattern an alert on money passing through an account looks for.
 * Each position is one opening deal and one closing deal (the closing one realises the profit); the
 * realised total is drawn first, as a share of the money funded, and the account's balance follows
 * from it (finishAccounts).
 */

export type TradingProfile = 'active' | 'occasional' | 'passThrough';

const PROFILE = weighted<Exclude<TradingProfile, 'passThrough'>>({ active: 55, occasional: 45 });
/** Accounts that withdrew money: this share of them hardly traded in between. */
const PASS_THROUGH_SHARE = 0.4;
const SYMBOL = weighted({
  EURUSD: 28,
  GBPUSD: 14,
  USDJPY: 11,
  XAUUSD: 18,
  US30: 8,
  GBPJPY: 7,
  AUDUSD: 8,
  BTCUSD: 6,
});
/** Round trips, how long the trading lasts, and the realised result as a share of the money funded. */
const SHAPES: Record<
  TradingProfile,
  { trips: [number, number]; days: [number, number]; result: [number, number] }
> = {
  active: { trips: [25, 140], days: [10, 150], result: [-0.45, 0.3] },
  occasional: { trips: [3, 12], days: [30, 300], result: [-0.15, 0.12] },
  passThrough: { trips: [0, 2], days: [1, 20], result: [-0.005, 0.005] },
};

/**
 * Adds the trades of each funded live account (a sim_settings row per account that traded) and
 * returns the realised profit per account number.
 */
export function addTrading(state: SeedState, client: Client, accounts: Account[]): Map<number, number> {
  const realised = new Map<number, number>();
  const mine = {
    deposits: state.rows.deposits.filter((d) => d.userId === client.id && d.status === 'approved'),
    withdrawals: state.rows.withdrawals.filter((w) => w.userId === client.id && w.status === 'approved'),
  };
  for (const acc of accounts) {
    if (!acc.live || !acc.approved) continue;
    const deposits = mine.deposits.filter((d) => d.accountNumber === acc.number);
    if (deposits.length === 0) continue;
    const firstFunded = Math.min(...deposits.map((d) => d.timeApproved ?? d.timestamp));
    const deposited = deposits.reduce((sum, d) => sum + Number(d.depositAmountSent), 0);
    const withdrew = mine.withdrawals.some((w) => w.accountNumber === acc.number);
    const profile: TradingProfile =
      withdrew && state.tradingR.chance(PASS_THROUGH_SHARE) ? 'passThrough' : state.tradingR.draw(PROFILE);
    const trades = tradesOf(state, profile, firstFunded, deposited);
    if (trades.length === 0) continue;
    state.rows.sim_settings.push(simTradesRow(acc.number, trades));
    realised.set(acc.number, round2(trades.reduce((sum, t) => sum + t.profit, 0)));
  }
  return realised;
}

function tradesOf(
  state: SeedState,
  profile: TradingProfile,
  start: number,
  deposited: number,
): NewSimTrade[] {
  const r = state.tradingR;
  const shape = SHAPES[profile];
  const from = start + r.int(300, profile === 'active' ? 6 * 3600 : 5 * DAY);
  const to = Math.min(r.now, from + r.int(shape.days[0], shape.days[1]) * DAY);
  const trips = from < to ? r.int(shape.trips[0], shape.trips[1]) : 0;
  if (trips === 0) return [];
  // A lot per 10,000 of deposits, roughly; pass-through holders trade the smallest lot there is.
  const base = profile === 'passThrough' ? 0.01 : Math.min(5, Math.max(0.01, deposited / 10_000));
  const target = round2(
    deposited * (shape.result[0] + r.f.number.float() * (shape.result[1] - shape.result[0])),
  );
  // The first position opens at `from`: an active trader starts within hours of the deposit.
  const opens = [from, ...Array.from({ length: trips - 1 }, () => r.between(from, to))].sort((a, b) => a - b);
  const positions = opens.map((open) => {
    const spread = profile === 'passThrough' ? 1 : 0.3 + r.f.number.float() * 1.7;
    const lots = Math.max(0.01, Math.round(base * spread * 100) / 100);
    return {
      open,
      close: Math.min(r.now, open + r.int(300, profile === 'active' ? 2 * DAY : 10 * DAY)),
      symbol: r.draw(SYMBOL),
      buy: r.chance(0.5),
      lots,
      // A swing of up to about 250 a lot either way, before the total is set to the drawn result.
      noise: lots * (r.f.number.float() * 500 - 250),
    };
  });
  // Spread the difference to the drawn result over the positions, to the cent; the last takes the rest.
  const shift = (target - positions.reduce((sum, p) => sum + p.noise, 0)) / trips;
  let left = target;
  const trades: NewSimTrade[] = [];
  positions.forEach((p, i) => {
    const profit = i === trips - 1 ? round2(left) : round2(p.noise + shift);
    left -= profit;
    const side = (buy: boolean): NewSimTrade['action'] => (buy ? 'buy' : 'sell');
    const common = { symbol: p.symbol, volumeLots: p.lots };
    trades.push({ ...common, time: p.open, action: side(p.buy), entry: 'in', profit: 0 });
    trades.push({ ...common, time: p.close, action: side(!p.buy), entry: 'out', profit });
  });
  return trades.sort((a, b) => a.time - b.time);
}
