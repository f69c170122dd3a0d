import { KEPT_OLD_VALUE, PlatformError, MAX_COMMENT_LENGTH } from '../types.ts';
import type {
  Deal,
  NewAccount,
  PlatformAccount,
  PlatformHealth,
  SendOptions,
  Trade,
  TradeHistory,
  TradeWindow,
  TradingPlatform,
} from '../types.ts';
import { ENTRY_BY_CODE, lotsFromMt5, TradesCache } from '../trades.ts';
import { passwordHash } from './hash.ts';
import { firstText, list, num, record, text, type Mt5Record } from './records.ts';
import { isObject, type Mt5Reply } from './reply.ts';
import { RET } from './retcodes.ts';
import { Mt5Session, type Mt5Call, type Mt5Log } from './session.ts';
import { Mt5Transport } from './transport.ts';

export type Mt5Config = {
  /** http:// only for a server on loopback; https:// verifies the certificate. */
  url: string;
  /** The manager login. */
  login: number;
  password: string;
  /** A private CA: PEM text or the path of a PEM file (MT5_CA). */
  ca?: string;
  timeoutMs?: number;
  pingIntervalMs?: number;
  /** Tries per call, the first included, for what may be tried again; and the first back-off. */
  retry?: { attempts?: number; backoffMs?: number };
  /** How long a refused manager login is answered from memory before the next try (default 60 s). */
  authHoldOffMs?: number;
  log?: Mt5Log;
  /** Epoch seconds: the clock send deadlines are stated in (the operations worker's clock). */
  now?: () => number;
  /** How long a login's trades in a window are answered from memory (default 300 s, on `now`). */
  tradesTtlSeconds?: number;
};

export type Mt5Group = { name: string; currency: string; record: Mt5Record };

const BALANCE_DEAL = 2;
/** IMTDeal::EnDealAction: DEAL_BUY and DEAL_SELL are the trades; 2 and up are balance, credit, charges ... */
const DEAL_BUY = 0;
const DEAL_SELL = 1;
const DAY_SECONDS = 86_400;
const GROUP_PAGE = 100;
/** Deals per deal/get_page call of a look-up: the most the documentation allows. */
export const DEAL_PAGE = 100;
/**
 * A look-up reads at most this many deals (1,000 pages). One that ends there found nothing but read
 * no further: that is "could not tell", never "not applied".
 */
const MAX_LOOKUP_DEALS = 100_000;
/** Slack on both ends of a look-up window: clocks that disagree, a zone that changed to summer time. */
export const LOOKUP_MARGIN = 3_600;
/** UTC-12 to UTC+14: the widest a trade server's zone can be from UTC. */
const MAX_ZONE_OFFSET = 14 * 3_600;
const QUARTER_HOUR = 900;
const OFFSET_TTL = 3_600;
/**
 * The most deals one trades read takes from a window (100 pages). A login that traded more than
 * that in the window is answered with its oldest MAX_TRADE_DEALS deals' trades and `complete: false`,
 * so a look at a very active account costs at most 100 calls; counts made from it are lower bounds.
 */
export const MAX_TRADE_DEALS = 10_000;

/** The real MT5 Web API behind the TradingPlatform interface (docs/product.md [platform]). */
export class Mt5Platform implements TradingPlatform {
  readonly name = 'MT5';
  private readonly session: Mt5Session;
  private readonly now: () => number;
  private statusCheck: Promise<PlatformHealth> | undefined;
  private offset: { seconds: number; until: number } | undefined;
  private readonly tradesCache: TradesCache;

  constructor(config: Mt5Config) {
    const transport = new Mt5Transport(config.url, config.ca, config.timeoutMs ?? 10_000);
    this.now = config.now ?? (() => Math.floor(Date.now() / 1000));
    this.tradesCache = new TradesCache(this.now, config.tradesTtlSeconds);
    this.session = new Mt5Session(transport, {
      login: config.login,
      // Only the derived hash is kept; the handshake needs nothing else.
      pwHash: passwordHash(config.password),
      pingIntervalMs: config.pingIntervalMs ?? 20_000,
      attempts: config.retry?.attempts ?? 4,
      backoffMs: config.retry?.backoffMs ?? 250,
      authHoldOffMs: config.authHoldOffMs ?? 60_000,
      log: config.log ?? {},
      now: this.now,
    });
  }

  /**
   * Never throws: the status light wants a reason, not an exception. Overlapping checks share one
   * ping, so a slow server does not fill the queue with status calls.
   */
  status(): Promise<PlatformHealth> {
    this.statusCheck ??= this.session
      .ping()
      .then(
        (): PlatformHealth => ({ ok: true }),
        (err: unknown): PlatformHealth => ({
          ok: false,
          reason: err instanceof Error ? err.message : String(err),
        }),
      )
      .finally(() => (this.statusCheck = undefined));
    return this.statusCheck;
  }

  async createAccount(a: NewAccount, options?: SendOptions): Promise<{ login: number }> {
    const reply = await this.mutate('user/add', 'POST', '/api/user/add', {
      query: { group: a.group, name: a.name, leverage: a.leverage, login: a.login },
      body: { PassMain: a.passwordMain, PassInvestor: a.passwordInvestor },
      deadline: options?.deadline,
    });
    // The new login is in the returned record, and at the top level as well.
    const created = isObject(reply.answer) && reply.answer.Login !== undefined ? reply.answer : undefined;
    const login = created
      ? num(created, 'Login', 'user/add', 'unknown')
      : num(reply.body, 'login', 'user/add', 'unknown');
    return { login };
  }

  async getAccount(login: number): Promise<PlatformAccount> {
    const user = await this.user(login);
    const state = record(
      (await this.read('user/account/get', '/api/user/account/get', { login })).answer,
      'user/account/get',
    );
    return {
      login: num(user, 'Login', 'user/get'),
      name: text(user, 'Name'),
      group: text(user, 'Group'),
      leverage: num(user, 'Leverage', 'user/get'),
      balance: num(state, 'Balance', 'user/account/get'),
      equity: num(state, 'Equity', 'user/account/get'),
    };
  }

  async setLeverage(login: number, leverage: number, options?: SendOptions): Promise<void> {
    if (!Number.isInteger(leverage) || leverage < 1) {
      throw new PlatformError('permanent', `Leverage must be a positive whole number, not ${leverage}`, 3);
    }
    await this.updateUser(login, 'leverage', leverage, options);
  }

  async setName(login: number, name: string, options?: SendOptions): Promise<void> {
    await this.updateUser(login, 'name', name, options);
  }

  /** user/update with Group; MT5 answers 8 (no rights) for a group the manager cannot use or that is unknown. */
  async setGroup(login: number, group: string, options?: SendOptions): Promise<void> {
    if (!group.trim()) throw new PlatformError('permanent', 'A group name is required', 3);
    await this.updateUser(login, 'group', group, options);
  }

  async changePassword(
    login: number,
    type: 'main' | 'investor',
    password: string,
    options?: SendOptions,
  ): Promise<void> {
    await this.mutate('user/change_password', 'POST', '/api/user/change_password', {
      body: { Login: login, Type: type, Password: password },
      deadline: options?.deadline,
    });
  }

  async checkPassword(login: number, type: 'main' | 'investor', password: string): Promise<boolean> {
    try {
      await this.session.call({
        method: 'POST',
        path: '/api/user/check_password',
        body: { Login: login, Type: type, Password: password },
        what: 'user/check_password',
        safe: true,
      });
      return true;
    } catch (err) {
      if (err instanceof PlatformError && err.code === RET.INVALID_PASSWORD) return false;
      throw err;
    }
  }

  /**
   * A balance deal (type 2; a negative amount withdraws). Sent once: a lost reply is an 'unknown'
   * PlatformError, and the caller resolves it with findDeal(login, comment) before sending again.
   */
  async balance(login: number, amount: number, comment: string, options?: SendOptions): Promise<string> {
    if (comment.length > MAX_COMMENT_LENGTH) {
      throw new PlatformError('permanent', `Deal comment longer than ${MAX_COMMENT_LENGTH} characters`, 3);
    }
    if (!Number.isFinite(amount) || amount === 0) {
      throw new PlatformError('permanent', `A balance amount must be a non-zero number, not ${amount}`, 3);
    }
    const signed = formatAmount(amount);
    if (Number(signed) === 0)
      throw new PlatformError('permanent', `A balance amount rounds to zero: ${amount}`, 3);
    const reply = await this.mutate('trade/balance', 'GET', '/api/trade/balance', {
      query: { login, type: BALANCE_DEAL, balance: signed, comment },
      deadline: options?.deadline,
    });
    const ticket = num(
      record(reply.answer, 'trade/balance', 'unknown'),
      'Ticket',
      'trade/balance',
      'unknown',
    );
    return String(ticket);
  }

  /**
   * The deal carrying one of `comments` on this login, read only where it can be: from `since` (epoch
   * seconds, UTC: the request's creation) to a day from now, in the trade server's own time zone with
   * a margin, a page at a time (deal/get_page), never the login's whole history.
   */
  async findDeal(login: number, comments: string | readonly string[], since: number): Promise<Deal | null> {
    const wanted = new Set(typeof comments === 'string' ? [comments] : comments);
    const { from, to } = await this.lookupWindow(since);
    for (let offset = 0; ; offset += DEAL_PAGE) {
      const page = list(
        (
          await this.read('deal/get_page', '/api/deal/get_page', {
            login,
            from,
            to,
            offset,
            total: DEAL_PAGE,
          })
        ).answer,
      );
      for (const item of page) {
        const deal = record(item, 'deal/get_page');
        const comment = firstText(deal, ['Comment', 'comment']);
        if (!wanted.has(comment)) continue;
        return {
          deal: text(deal, 'Deal'),
          login: num(deal, 'Login', 'deal/get_page'),
          amount: num(deal, 'Profit', 'deal/get_page'),
          comment,
          time: num(deal, 'Time', 'deal/get_page'),
        };
      }
      if (page.length < DEAL_PAGE) return null;
      // Also a guard against a server that ignores `offset`: never loop forever.
      if (offset + DEAL_PAGE >= MAX_LOOKUP_DEALS) {
        throw new PlatformError(
          'transient',
          `MT5 deal/get_page: more than ${MAX_LOOKUP_DEALS} deals in the look-up window`,
        );
      }
    }
  }

  /**
   * The look-up window in the trade server's clock. Deal times are the server's local time, so the
   * UTC bounds are shifted by its offset (time/server, read once an hour); when that cannot be read,
   * the window is widened by the largest offset any zone has instead.
   */
  private async lookupWindow(since: number): Promise<{ from: number; to: number }> {
    const now = this.now();
    const offset = await this.serverOffset(now).catch(() => undefined);
    const margin = offset === undefined ? MAX_ZONE_OFFSET + LOOKUP_MARGIN : LOOKUP_MARGIN;
    const shift = offset ?? 0;
    return { from: Math.max(0, since + shift - margin), to: now + shift + DAY_SECONDS + margin };
  }

  /** The trade server's offset from UTC in seconds, to the quarter hour; cached for an hour. */
  async serverOffset(now = this.now()): Promise<number> {
    if (this.offset && now < this.offset.until) return this.offset.seconds;
    const server = await this.serverTime();
    const seconds = Math.round((server - this.now()) / QUARTER_HOUR) * QUARTER_HOUR;
    this.offset = { seconds, until: now + OFFSET_TTL };
    return seconds;
  }

  /** deal/get_batch for one login's window, balance deals only. */
  async balanceDeals(login: number, from: number, to: number): Promise<Deal[]> {
    const reply = await this.read('deal/get_batch', '/api/deal/get_batch', { login, from, to });
    return balanceDealsIn(reply.answer, from, to);
  }

  /**
   * deal/get_batch by group mask: every account of the groups at once. The call has no paging, and its
   * answer holds trades too; the caller bounds it by asking for short windows (reconciliation reads a
   * day at a time).
   */
  async groupBalanceDeals(groupMask: string, from: number, to: number): Promise<Deal[]> {
    if (!groupMask.trim()) throw new PlatformError('permanent', 'A group mask is required', 3);
    const reply = await this.read('deal/get_batch', '/api/deal/get_batch', { group: groupMask, from, to });
    return balanceDealsIn(reply.answer, from, to);
  }

  /**
   * The trades of a login in a window (UTC), through deal/get_page a page of 100 at a time: the call
   * MetaQuotes documents for one login's deals over a period, with paging, where deal/get_batch has
   * none. Deal times are the trade server's local time, so the window is shifted by its offset
   * (time/server, read once an hour) and the times answered are shifted back to UTC. When the offset
   * cannot be read the outcome is unknown: a window off by hours would count other days' trades.
   */
  trades(login: number, window: TradeWindow): Promise<TradeHistory> {
    return this.tradesCache.get(login, window, () => this.readTrades(login, window));
  }

  private async readTrades(login: number, { from, to }: TradeWindow): Promise<TradeHistory> {
    const shift = await this.serverOffset();
    const trades: Trade[] = [];
    for (let offset = 0; ; offset += DEAL_PAGE) {
      const page = list(
        (
          await this.read('deal/get_page', '/api/deal/get_page', {
            login,
            from: from + shift,
            to: to + shift,
            offset,
            total: DEAL_PAGE,
          })
        ).answer,
      );
      for (const item of page) {
        const trade = tradeOf(record(item, 'deal/get_page'), shift);
        // The server's bounds are applied again here: whether it includes both ends is not documented.
        if (trade && trade.time >= from && trade.time <= to) trades.push(trade);
      }
      if (page.length < DEAL_PAGE) return { known: true, trades: byTime(trades), complete: true };
      // Also the guard against a server that ignores `offset`: never loop forever.
      if (offset + DEAL_PAGE >= MAX_TRADE_DEALS)
        return { known: true, trades: byTime(trades), complete: false };
    }
  }

  /** How many groups the server has (group/total). */
  async groupCount(): Promise<number> {
    // Documented as `Total` (the page's prose writes it in lower case): read in either case.
    const answer = record((await this.read('group/total', '/api/group/total')).answer, 'group/total');
    return num(answer, answer.Total === undefined ? 'total' : 'Total', 'group/total');
  }

  /** The names of all groups, paged through group/total and group/next. */
  async groups(): Promise<string[]> {
    const total = await this.groupCount();
    const names: string[] = [];
    while (names.length < total) {
      const count = Math.min(GROUP_PAGE, total - names.length);
      const page = list(
        (await this.read('group/next', '/api/group/next', { index: names.length, count })).answer,
      );
      // Guards against a server that ignores `count` or returns nothing: never loop forever.
      if (page.length === 0) break;
      for (const g of page) names.push(text(record(g, 'group/next'), 'Group'));
    }
    return names;
  }

  async group(name: string): Promise<Mt5Group> {
    const g = record((await this.read('group/get', '/api/group/get', { group: name })).answer, 'group/get');
    return { name: text(g, 'Group'), currency: text(g, 'Currency'), record: g };
  }

  /** The trade server's clock in epoch seconds, as the server states it (its own time zone). */
  async serverTime(): Promise<number> {
    const t = record((await this.read('time/server', '/api/time/server')).answer, 'time/server');
    const seconds = Number(text(t, 'Time').split(' ', 1)[0]);
    if (!Number.isFinite(seconds))
      throw new PlatformError('permanent', 'MT5 time/server: Time is not a number');
    return seconds;
  }

  close(): Promise<void> {
    return this.session.close();
  }

  private read(what: string, path: string, query?: Mt5Call['query']): Promise<Mt5Reply> {
    return this.session.call({ method: 'GET', path, query, what, safe: true });
  }

  private mutate(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    parts: { query?: Mt5Call['query']; body?: unknown; deadline?: number },
  ): Promise<Mt5Reply> {
    return this.session.call({ method, path, ...parts, what, safe: false });
  }

  private async user(login: number): Promise<Mt5Record> {
    return record((await this.read('user/get', '/api/user/get', { login })).answer, 'user/get');
  }

  /**
   * user/update naming only the field that changes, in the query: a read-modify-write of the whole
   * record would put back fields another operation on the same account changed meanwhile. MT5 leaves a
   * value it does not accept (a leverage the group does not allow, an unknown group) unchanged and
   * still answers 0 Done, so the record it answers is compared with what was asked: unchanged is a
   * refusal, never a success.
   */
  private async updateUser(
    login: number,
    field: 'name' | 'leverage' | 'group',
    value: string | number,
    options?: SendOptions,
  ): Promise<void> {
    const reply = await this.mutate('user/update', 'GET', '/api/user/update', {
      query: { login, [field]: value },
      deadline: options?.deadline,
    });
    // A reply without the record says nothing about the change: read the account to see.
    const user =
      isObject(reply.answer) && reply.answer.Login !== undefined ? reply.answer : await this.user(login);
    const kept = keptValue(user, field, value);
    if (kept !== undefined) throw new PlatformError('permanent', `MT5 kept ${kept}`, KEPT_OLD_VALUE);
  }
}

/** The field's value in `user` when it is not the one asked for: "leverage 1:100", "group real\pro". */
function keptValue(user: Mt5Record, field: 'name' | 'leverage' | 'group', asked: string | number) {
  if (field === 'leverage') {
    const leverage = num(user, 'Leverage', 'user/update', 'unknown');
    return leverage === asked ? undefined : `leverage 1:${leverage}`;
  }
  const key = field === 'group' ? 'Group' : 'Name';
  const value = text(user, key);
  return value === asked ? undefined : `${field} "${value}"`;
}

/**
 * The balance deals (Action 2) of a deal/get_batch answer, oldest first. Whether the server's window
 * is inclusive is unconfirmed, so the window is also applied here to the Time each deal states.
 */
function balanceDealsIn(answer: unknown, from: number, to: number): Deal[] {
  const deals: Deal[] = [];
  for (const item of list(answer)) {
    const deal = record(item, 'deal/get_batch');
    if (deal.Action !== undefined && num(deal, 'Action', 'deal/get_batch') !== BALANCE_DEAL) continue;
    const time = num(deal, 'Time', 'deal/get_batch');
    if (time < from || time > to) continue;
    deals.push({
      deal: text(deal, 'Deal'),
      login: num(deal, 'Login', 'deal/get_batch'),
      amount: num(deal, 'Profit', 'deal/get_batch'),
      comment: firstText(deal, ['Comment', 'comment']),
      time,
    });
  }
  return deals.sort((a, b) => a.time - b.time);
}

/**
 * A deal record as a Trade, or undefined when it is not one: an action other than buy or sell
 * (balance, credit, charges, commissions ...), or an entry that is no trade (a state record).
 */
function tradeOf(deal: Mt5Record, shift: number): Trade | undefined {
  const action = num(deal, 'Action', 'deal/get_page');
  if (action !== DEAL_BUY && action !== DEAL_SELL) return undefined;
  const entry = ENTRY_BY_CODE[num(deal, 'Entry', 'deal/get_page')];
  if (!entry) return undefined;
  const ext =
    deal.VolumeExt === undefined || deal.VolumeExt === ''
      ? undefined
      : num(deal, 'VolumeExt', 'deal/get_page');
  return {
    deal: text(deal, 'Deal'),
    time: num(deal, 'Time', 'deal/get_page') - shift,
    symbol: text(deal, 'Symbol'),
    action: action === DEAL_BUY ? 'buy' : 'sell',
    entry,
    volumeLots: lotsFromMt5(num(deal, 'Volume', 'deal/get_page'), ext),
    profit: num(deal, 'Profit', 'deal/get_page'),
  };
}

function byTime(trades: Trade[]): Trade[] {
  return trades.sort((a, b) => a.time - b.time || Number(a.deal) - Number(b.deal));
}

/** Up to 8 decimals with no exponent and no trailing zeros: "-150.5", "1000". */
function formatAmount(amount: number): string {
  return amount.toFixed(8).replace(/\.?0+$/, '');
}

export function createMt5Platform(config: Mt5Config): Mt5Platform {
  return new Mt5Platform(config);
}
