import type { Trade, TradeEntry, TradeHistory, TradeSummary, TradeWindow } from './types.ts';

/**
 * What both platforms share about a login's trades: MT5's units, the summary, and the short-lived
 * cache that lets a screen ask the same question twice for one read.
 */

/** How long a login's trades in a window are answered from memory (TradesCache). */
export const DEFAULT_TRADES_TTL_SECONDS = 300;
/** Windows kept at once: a bound on the memory, not a size anyone should reach. */
const MAX_CACHED_WINDOWS = 2_000;

/**
 * MT5 keeps volumes as whole numbers: Volume in 1/10,000 lot and VolumeExt in 1/100,000,000 lot
 * (IMTDeal, https://support.metaquotes.net/en/docs/mt5/api/webapi_main/webapi_trading/webapi_deal/webapi_deal_data_structure).
 * Lots are computed from those whole numbers with one division, so 0.01 lot reads as exactly 0.01.
 */
export const VOLUME_EXT_PER_LOT = 100_000_000;
export const VOLUME_PER_LOT = 10_000;

/** IMTDeal::EnDealEntry by number; ENTRY_STATE (255) and anything else is not a trade. */
export const ENTRY_BY_CODE: Readonly<Record<number, TradeEntry>> = {
  0: 'in',
  1: 'out',
  2: 'inout',
  3: 'outBy',
};
export const ENTRY_CODE: Readonly<Record<TradeEntry, number>> = { in: 0, out: 1, inout: 2, outBy: 3 };

/** Lots from MT5's fields: VolumeExt when the server fills it (it is the finer one), else Volume. */
export function lotsFromMt5(volume: number, volumeExt: number | undefined): number {
  if (volumeExt !== undefined && volumeExt > 0) return volumeExt / VOLUME_EXT_PER_LOT;
  return volume / VOLUME_PER_LOT;
}

/** The other way: lots as VolumeExt's whole number (what the fake and the simulator keep). */
export function volumeExtOf(lots: number): number {
  return Math.round(lots * VOLUME_EXT_PER_LOT);
}

/**
 * Counts, lots and realised profit of a list of trades. Lots are added as MT5's whole units and
 * divided once, and profit is rounded to 8 decimals at the end, so that a sum reads as people expect
 * (0.1 + 0.2 lots is 0.3, not 0.30000000000000004). Every deal counts: a position opened and closed
 * is two trades and twice its lots, as MT5's own reports count traded volume.
 */
export function summarizeTrades(trades: readonly Trade[]): TradeSummary {
  let units = 0;
  let profit = 0;
  const bySymbol = new Map<string, number>();
  for (const t of trades) {
    const u = volumeExtOf(t.volumeLots);
    units += u;
    bySymbol.set(t.symbol, (bySymbol.get(t.symbol) ?? 0) + u);
    profit += t.profit;
  }
  return {
    trades: trades.length,
    volumeLots: units / VOLUME_EXT_PER_LOT,
    volumeBySymbol: Object.fromEntries(
      [...bySymbol].sort(([a], [b]) => a.localeCompare(b)).map(([s, u]) => [s, u / VOLUME_EXT_PER_LOT]),
    ),
    profit: Number(profit.toFixed(8)) || 0,
  };
}

/** A window the platforms can read: whole seconds, from not after to. */
export function badWindow({ from, to }: TradeWindow): string | undefined {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || from > to) {
    return `Not a time window: ${from} to ${to}`;
  }
  return undefined;
}

/**
 * A login's trades per window, kept `ttlSeconds` on the platform's clock. Questions asked while a read
 * is under way share it. Only answers are kept: an unknown outcome is forgotten at once, so that the
 * next question reads again rather than repeating a failure for minutes. Whatever `read` does, the
 * caller gets a TradeHistory: a throw becomes `{ known: false }`.
 */
export class TradesCache {
  private readonly entries = new Map<string, { until: number; history: Promise<TradeHistory> }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlSeconds = DEFAULT_TRADES_TTL_SECONDS,
  ) {}

  get(login: number, window: TradeWindow, read: () => Promise<TradeHistory>): Promise<TradeHistory> {
    const bad = badWindow(window);
    if (bad) return Promise.resolve({ known: false, reason: bad });
    const now = this.now();
    const key = `${login}:${window.from}:${window.to}`;
    const kept = this.entries.get(key);
    if (kept && now < kept.until) return kept.history;
    this.sweep(now);
    const history = safely(read).then((h) => {
      if (!h.known && this.entries.get(key)?.history === history) this.entries.delete(key);
      return h;
    });
    this.entries.set(key, { until: now + this.ttlSeconds, history });
    return history;
  }

  /** Forgets a login's windows: the simulator's own changes show at once. */
  forget(login: number): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${login}:`)) this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, e] of this.entries) if (now >= e.until) this.entries.delete(key);
    // Oldest first (a Map keeps insertion order) when many windows are still fresh.
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_CACHED_WINDOWS) break;
      this.entries.delete(key);
    }
  }
}

async function safely(read: () => Promise<TradeHistory>): Promise<TradeHistory> {
  try {
    return await read();
  } catch (err) {
    return { known: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
