import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { simAccounts, simDeals, simSettings } from '../../db/schema.ts';
import { sleepOn, type Clock } from '../../lib/clock.ts';
import { NO_FAULTS, type Faults } from './faults.ts';
import { groupMaskMatcher } from './group-mask.ts';
import {
  badWindow,
  ENTRY_BY_CODE,
  ENTRY_CODE,
  TradesCache,
  VOLUME_EXT_PER_LOT,
  volumeExtOf,
} from './trades.ts';
import {
  MAX_COMMENT_LENGTH,
  NOT_SENT_DEADLINE,
  PlatformError,
  type Deal,
  type NewAccount,
  type PlatformAccount,
  type SendOptions,
  type Trade,
  type TradeHistory,
  type TradeWindow,
  type TradingPlatform,
} from './types.ts';

const FIRST_LOGIN = 500_000;
/** How long a caller waits for a reply unless told otherwise: MT5_TIMEOUT_SECONDS' default. */
const DEFAULT_WAIT_SECONDS = 10;
/** The most trade deals one read answers, as the MT5 client's cap (MAX_TRADE_DEALS) does. */
const MAX_TRADE_DEALS = 10_000;

/**
 * A simulator trade as stored: [deal, time (UTC), symbol, action (0 buy, 1 sell), entry
 * (IMTDeal::EnDealEntry), volume in MT5's VolumeExt units (1/100,000,000 lot), profit]. Compact,
 * because the demo gives thousands of accounts hundreds of trades each.
 */
export type SimTradeRow = [string, number, string, 0 | 1, number, number, number];
/** A trade as the demo and the tests hand it to the simulator (the deal ticket is given to it). */
export type NewSimTrade = Omit<Trade, 'deal'>;

/**
 * The simulator's ledger has no table of trades: each login's trades are one row of the key-value
 * table sim_settings, key `trades:<login>`, value a JSON list of SimTradeRow in time order. A login's
 * trades are read whole and filtered by time, which suits the simulator's sizes (the demo keeps a
 * history to a few hundred deals); a table with an index on (login, time) would be the next step.
 */
export function simTradesKey(login: number): string {
  return `trades:${login}`;
}

/** The sim_settings row holding `trades` (made into stored rows, tickets numbered per login). */
export function simTradesRow(login: number, trades: readonly NewSimTrade[], firstIndex = 0) {
  return { key: simTradesKey(login), value: JSON.stringify(toRows(login, trades, firstIndex)) };
}

function toRows(login: number, trades: readonly NewSimTrade[], firstIndex: number): SimTradeRow[] {
  return trades.map((t, i) => [
    // Unique across logins: the login, then the deal's number on it in six digits.
    `${login}${String(firstIndex + i + 1).padStart(6, '0')}`,
    t.time,
    t.symbol,
    t.action === 'buy' ? 0 : 1,
    ENTRY_CODE[t.entry],
    volumeExtOf(t.volumeLots),
    t.profit,
  ]);
}

function fromRow([deal, time, symbol, action, entry, units, profit]: SimTradeRow): Trade {
  return {
    deal,
    time,
    symbol,
    action: action === 0 ? 'buy' : 'sell',
    entry: ENTRY_BY_CODE[entry] ?? 'in',
    volumeLots: units / VOLUME_EXT_PER_LOT,
    profit,
  };
}

/**
 * A trading platform whose accounts and deals live in the console's own database, with injectable
 * faults. It is the default so that a fresh clone runs without an MT5 server.
 */
export class SimulatorPlatform implements TradingPlatform {
  readonly name = 'MT5';
  private faults: Faults;
  /** Changes that arrived under the `late` fault and land later, whatever became of their caller. */
  private readonly late = new Set<{ land: () => Promise<void> }>();
  private readonly tradesCache: TradesCache;

  /**
   * `waitSeconds`: how long a caller waits for a reply (MT5_TIMEOUT_SECONDS), which decides what a
   * caller of a late change hears. Delays (`late`, `stall`) run on `clock`, so a test moves them.
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    faults: Faults = NO_FAULTS,
    private readonly random: () => number = Math.random,
    private readonly waitSeconds = DEFAULT_WAIT_SECONDS,
    /** How long a login's trades in a window are answered from memory, as the MT5 client does. */
    tradesTtlSeconds?: number,
  ) {
    this.faults = faults;
    this.tradesCache = new TradesCache(() => this.clock.now(), tradesTtlSeconds);
  }

  setFaults(faults: Faults): void {
    this.faults = faults;
  }

  async status() {
    if (this.faults.down) return { ok: false as const, reason: 'Platform unreachable' };
    await this.db.execute(sql`select 1`);
    return { ok: true as const };
  }

  async createAccount(a: NewAccount, options?: SendOptions): Promise<{ login: number }> {
    await this.before(options);
    return this.change(() => this.insertAccount(a));
  }

  private async insertAccount(a: NewAccount): Promise<{ login: number }> {
    const login = a.login ?? (await this.nextLogin());
    const inserted = await this.db
      .insert(simAccounts)
      .values({
        login,
        name: a.name,
        groupName: a.group,
        leverage: a.leverage,
        passwordMain: a.passwordMain,
        passwordInvestor: a.passwordInvestor,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ login: simAccounts.login });
    if (inserted.length === 0)
      throw new PlatformError('permanent', 'Account already exists', 3004, 'accountExists');
    return { login };
  }

  async getAccount(login: number): Promise<PlatformAccount> {
    await this.before();
    const row = await this.account(login);
    return {
      login,
      name: row.name,
      group: row.groupName,
      leverage: row.leverage,
      balance: row.balance,
      equity: row.balance,
    };
  }

  async setLeverage(login: number, leverage: number, options?: SendOptions): Promise<void> {
    await this.before(options);
    await this.change(() => this.update(login, { leverage }));
  }

  async setGroup(login: number, group: string, options?: SendOptions): Promise<void> {
    await this.before(options);
    if (!group.trim()) throw new PlatformError('permanent', 'Not enough permissions (unknown group)', 8);
    await this.change(async () => {
      await this.update(login, { groupName: group });
      if (this.random() < this.faults.lost)
        throw new PlatformError('unknown', 'Reply lost after the group change was applied');
    });
  }

  async setName(login: number, name: string, options?: SendOptions): Promise<void> {
    await this.before(options);
    await this.change(() => this.update(login, { name }));
  }

  async changePassword(
    login: number,
    type: 'main' | 'investor',
    password: string,
    options?: SendOptions,
  ): Promise<void> {
    await this.before(options);
    await this.change(() =>
      this.update(login, type === 'main' ? { passwordMain: password } : { passwordInvestor: password }),
    );
  }

  async checkPassword(login: number, type: 'main' | 'investor', password: string): Promise<boolean> {
    await this.before();
    const row = await this.account(login);
    return (type === 'main' ? row.passwordMain : row.passwordInvestor) === password;
  }

  async balance(login: number, amount: number, comment: string, options?: SendOptions): Promise<string> {
    await this.before(options);
    if (comment.length > MAX_COMMENT_LENGTH) throw new PlatformError('permanent', 'Comment too long', 3);
    return this.change(() => this.deal(login, amount, comment));
  }

  private async deal(login: number, amount: number, comment: string): Promise<string> {
    const deal = await this.db.transaction(async (tx) => {
      const [acc] = await tx.select().from(simAccounts).where(eq(simAccounts.login, login)).for('update');
      if (!acc) throw new PlatformError('permanent', 'Account not found', 13, 'accountNotFound');
      if (acc.balance + amount < 0) throw new PlatformError('permanent', 'Not enough money', 10019);
      await tx
        .update(simAccounts)
        .set({ balance: sql`${simAccounts.balance} + ${amount}` })
        .where(eq(simAccounts.login, login));
      const [d] = await tx
        .insert(simDeals)
        .values({ login, amount, comment, time: this.clock.now() })
        .returning({ deal: simDeals.deal });
      return String(d!.deal);
    });
    if (this.random() < this.faults.lost)
      throw new PlatformError('unknown', 'Reply lost after the deal was applied');
    return deal;
  }

  /** The ledger is read by login and comment through an index, so `since` needs no window here. */
  async findDeal(login: number, comments: string | readonly string[], _since: number): Promise<Deal | null> {
    await this.before();
    const wanted = typeof comments === 'string' ? [comments] : [...comments];
    const [d] = await this.db
      .select()
      .from(simDeals)
      .where(and(eq(simDeals.login, login), inArray(simDeals.comment, wanted)))
      .orderBy(asc(simDeals.deal))
      .limit(1);
    return d
      ? { deal: String(d.deal), login: d.login, amount: d.amount, comment: d.comment, time: d.time }
      : null;
  }

  /** Every simulator deal is a balance deal. */
  async balanceDeals(login: number, from: number, to: number): Promise<Deal[]> {
    await this.before();
    return this.dealsWhere(and(eq(simDeals.login, login), between(simDeals.time, from, to)));
  }

  /** The deals of the accounts whose group the mask matches, as they are now (MT5 reads it so too). */
  async groupBalanceDeals(groupMask: string, from: number, to: number): Promise<Deal[]> {
    await this.before();
    const matches = groupMaskMatcher(groupMask);
    const groups = (await this.db.selectDistinct({ name: simAccounts.groupName }).from(simAccounts))
      .map((g) => g.name)
      .filter(matches);
    if (groups.length === 0) return [];
    const members = this.db
      .select({ login: simAccounts.login })
      .from(simAccounts)
      .where(inArray(simAccounts.groupName, groups));
    return this.dealsWhere(and(inArray(simDeals.login, members), between(simDeals.time, from, to)));
  }

  private async dealsWhere(where: SQL | undefined): Promise<Deal[]> {
    const rows = await this.db
      .select()
      .from(simDeals)
      .where(where)
      .orderBy(asc(simDeals.time), asc(simDeals.deal));
    return rows.map((d) => ({
      deal: String(d.deal),
      login: d.login,
      amount: d.amount,
      comment: d.comment,
      time: d.time,
    }));
  }

  /**
   * A login's trades in the window, from its stored history. The faults apply as to any read (`down`,
   * `error`, `timeout`, `stall`): each gives the unknown outcome, never a throw.
   */
  trades(login: number, window: TradeWindow): Promise<TradeHistory> {
    return this.tradesCache.get(login, window, async () => {
      await this.before();
      const inWindow = (await this.storedTrades(login)).filter(
        ([, time]) => time >= window.from && time <= window.to,
      );
      const complete = inWindow.length <= MAX_TRADE_DEALS;
      return { known: true, trades: inWindow.slice(0, MAX_TRADE_DEALS).map(fromRow), complete };
    });
  }

  /**
   * Adds trades to a login, as if its holder had traded (the console never trades: the demo and tests
   * do this). The balance moves by their realised profit, as on MT5. Returns them with their tickets.
   */
  async addTrades(login: number, trades: readonly NewSimTrade[]): Promise<Trade[]> {
    for (const t of trades) {
      const bad = badWindow({ from: t.time, to: t.time });
      if (bad || !(t.volumeLots > 0) || !Number.isFinite(t.profit)) {
        throw new PlatformError('permanent', `Not a trade: ${JSON.stringify(t)}`, 3);
      }
    }
    const added = await this.db.transaction(async (tx) => {
      const [acc] = await tx.select().from(simAccounts).where(eq(simAccounts.login, login)).for('update');
      if (!acc) throw new PlatformError('permanent', 'Account not found', 13, 'accountNotFound');
      const key = simTradesKey(login);
      const [row] = await tx.select().from(simSettings).where(eq(simSettings.key, key));
      const stored = row ? (JSON.parse(row.value) as SimTradeRow[]) : [];
      const fresh = toRows(login, trades, stored.length);
      const all = [...stored, ...fresh].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
      await tx
        .insert(simSettings)
        .values({ key, value: JSON.stringify(all) })
        .onConflictDoUpdate({ target: simSettings.key, set: { value: JSON.stringify(all) } });
      const profit = trades.reduce((sum, t) => sum + t.profit, 0);
      if (profit !== 0) {
        await tx
          .update(simAccounts)
          .set({ balance: sql`${simAccounts.balance} + ${profit}` })
          .where(eq(simAccounts.login, login));
      }
      return fresh.map(fromRow);
    });
    // What was just added shows at the next read, not after the cache's few minutes.
    this.tradesCache.forget(login);
    return added;
  }

  private async storedTrades(login: number): Promise<SimTradeRow[]> {
    const [row] = await this.db
      .select({ value: simSettings.value })
      .from(simSettings)
      .where(eq(simSettings.key, simTradesKey(login)));
    return row ? (JSON.parse(row.value) as SimTradeRow[]) : [];
  }

  /** Lands every change still held by the `late` fault now, as the platform would in its own time. */
  async landLate(): Promise<void> {
    for (const h of [...this.late]) await h.land();
  }

  async close(): Promise<void> {
    // What is still held never lands: the simulated platform is gone.
    this.late.clear();
  }

  /**
   * Applies a change, or under the `late` fault N seconds after it arrived, whether or not the caller
   * still waits. A caller that waits longer than N (MT5_TIMEOUT_SECONDS) gets the real reply then; any
   * other hears at the end of its wait that the outcome is unknown, and the change still lands at N.
   */
  private async change<T>(apply: () => Promise<T>): Promise<T> {
    const lateSeconds = this.faults.lateSeconds;
    if (lateSeconds <= 0) return apply();
    const landing = this.hold(lateSeconds, apply);
    // A change that lands late and fails (not enough money by then) is simply not applied.
    landing.catch(() => undefined);
    if (lateSeconds < this.waitSeconds) return landing;
    const gaveUp = Symbol('gave up');
    const heard = await Promise.race([landing, sleepOn(this.clock, this.waitSeconds).then(() => gaveUp)]);
    if (heard !== gaveUp) return heard as T; // landed early: the platform caught up (landLate)
    throw new PlatformError(
      'unknown',
      `Platform timed out after ${this.waitSeconds} s (the change lands ${lateSeconds} s after it arrived)`,
      9,
    );
  }

  /** Runs `apply` `seconds` from now on the clock (or at landLate), once; answers what it answers. */
  private hold<T>(seconds: number, apply: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const held = {
        land: async () => {
          // Landed already (landLate), or the simulator closed.
          if (!this.late.delete(held)) return;
          await apply().then(resolve, reject);
        },
      };
      this.late.add(held);
      void sleepOn(this.clock, seconds).then(() => held.land());
    });
  }

  private async before(options?: SendOptions): Promise<void> {
    const f = this.faults;
    if (f.latencyMs > 0) await new Promise((r) => setTimeout(r, f.latencyMs));
    if (f.stallSeconds > 0) await sleepOn(this.clock, f.stallSeconds);
    if (options?.deadline !== undefined && this.clock.now() >= options.deadline) {
      throw new PlatformError(
        'transient',
        'Not sent: its deadline passed while it waited',
        NOT_SENT_DEADLINE,
      );
    }
    if (f.down) throw new PlatformError('transient', 'Platform unreachable', 10);
    if (this.random() < f.error) throw new PlatformError('transient', 'Platform busy', 12);
    if (this.random() < f.timeout) throw new PlatformError('unknown', 'Platform timed out', 9);
  }

  private async account(login: number) {
    const [row] = await this.db.select().from(simAccounts).where(eq(simAccounts.login, login));
    if (!row) throw new PlatformError('permanent', 'Account not found', 13, 'accountNotFound');
    return row;
  }

  private async update(login: number, set: Partial<typeof simAccounts.$inferInsert>): Promise<void> {
    const done = await this.db
      .update(simAccounts)
      .set(set)
      .where(eq(simAccounts.login, login))
      .returning({ login: simAccounts.login });
    if (done.length === 0) throw new PlatformError('permanent', 'Account not found', 13, 'accountNotFound');
  }

  private async nextLogin(): Promise<number> {
    const [row] = await this.db
      .select({ max: sql<number>`coalesce(max(${simAccounts.login}), ${FIRST_LOGIN - 1})::bigint` })
      .from(simAccounts);
    return Number(row!.max) + 1;
  }
}
