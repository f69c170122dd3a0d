import { TRADING_UNKNOWN, type Currency, type DepositTrading, type TradingSince } from '@brokerdesk/contract';
import { summarizeTrades } from '../../integrations/platform/trades.ts';
import type { TradeHistory, TradingPlatform } from '../../integrations/platform/types.ts';

/**
 * How long the picture waits for the platform's trades before it answers "trading unknown"
 * (docs/product.md [evidence.trading]): the card is evidence beside a decision and never holds it up.
 */
export const TRADES_WAIT_MS = 4_000;

type DepositRow = {
  id: string;
  timestamp: number;
  timeApproved: number | null;
  currency: string;
  amount: number;
  method: string;
  identifier: string | null;
  accountNumber: number;
};

/**
 * The trading on each deposit's account since the money arrived. One platform read per account, from
 * its earliest deposit shown to now, both rounded to the minute so that the platform's short cache
 * answers the next look at the same screen (integrations/platform/types.ts `trades`); each deposit then
 * counts the trades at or after its own time.
 */
export async function tradingSinceDeposits(
  platform: TradingPlatform | undefined,
  rows: DepositRow[],
  now: number,
): Promise<DepositTrading[]> {
  const at = (r: DepositRow) => r.timeApproved ?? r.timestamp;
  const to = Math.ceil(now / 60) * 60;
  const logins = new Map<number, number>();
  for (const r of rows) logins.set(r.accountNumber, Math.min(logins.get(r.accountNumber) ?? at(r), at(r)));
  const histories = new Map(
    await Promise.all(
      [...logins].map(async ([login, from]) => {
        const window = { from: Math.floor(from / 60) * 60, to: Math.max(to, Math.floor(from / 60) * 60) };
        return [login, await readTrades(platform, login, window)] as const;
      }),
    ),
  );
  return rows.map((r) => {
    const h = histories.get(r.accountNumber)!;
    let trading: TradingSince;
    if (!h.known) trading = { known: false, reason: h.reason };
    else {
      const s = summarizeTrades(h.trades.filter((t) => t.time >= at(r)));
      trading = {
        known: true,
        trades: s.trades,
        volumeLots: s.volumeLots,
        profit: s.profit,
        complete: h.complete,
      };
    }
    return {
      depositId: r.id,
      at: at(r),
      currency: r.currency as Currency,
      amount: r.amount,
      method: r.method,
      identifier: r.identifier,
      accountNumber: r.accountNumber,
      trading,
    };
  });
}

/** The platform's answer, or "trading unknown" with the reason when it has none in time. */
async function readTrades(
  platform: TradingPlatform | undefined,
  login: number,
  window: { from: number; to: number },
): Promise<TradeHistory> {
  if (!platform) return { known: false, reason: `${TRADING_UNKNOWN}: no trading platform is configured` };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<TradeHistory>((resolve) => {
    timer = setTimeout(
      () => resolve({ known: false, reason: 'The trading platform did not answer in time.' }),
      TRADES_WAIT_MS,
    );
  });
  try {
    return await Promise.race([
      platform.trades(login, window).catch((err: unknown): TradeHistory => ({
        known: false,
        reason: err instanceof Error ? err.message : String(err),
      })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
