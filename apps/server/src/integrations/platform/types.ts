/**
 * The trading platform as the console needs it (docs/product.md [platform]). Two implementations:
 * `simulator` (ledger in the database, the default) and `mt5` (the MT5 Web API client).
 */

export type PlatformHealth = { ok: true } | { ok: false; reason: string };

export type NewAccount = {
  /** Ask for this login, or let the platform pick one. */
  login?: number;
  name: string;
  group: string;
  leverage: number;
  passwordMain: string;
  passwordInvestor: string;
};

export type PlatformAccount = {
  login: number;
  name: string;
  group: string;
  leverage: number;
  balance: number;
  equity: number;
};

export type Deal = { deal: string; login: number; amount: number; comment: string; time: number };

/**
 * How a change may be sent. `deadline` (epoch seconds on the platform's clock): a call still waiting
 * (in the MT5 session's queue, or behind a stall) when it passes is dropped unsent, with a transient
 * PlatformError, since the outbox lease it was sent under is about to pass to another worker.
 */
export type SendOptions = { deadline?: number };

export interface TradingPlatform {
  readonly name: string;
  status(): Promise<PlatformHealth>;
  createAccount(account: NewAccount, options?: SendOptions): Promise<{ login: number }>;
  getAccount(login: number): Promise<PlatformAccount>;
  setLeverage(login: number, leverage: number, options?: SendOptions): Promise<void>;
  /** Moves the account to another group (MT5 user/update with Group); an unknown group is refused. */
  setGroup(login: number, group: string, options?: SendOptions): Promise<void>;
  /** Renames the account holder (application type switch renames accounts). */
  setName(login: number, name: string, options?: SendOptions): Promise<void>;
  changePassword(
    login: number,
    type: 'main' | 'investor',
    password: string,
    options?: SendOptions,
  ): Promise<void>;
  checkPassword(login: number, type: 'main' | 'investor', password: string): Promise<boolean>;
  /** A balance operation; `comment` (<= 31 chars) carries the idempotency key. Returns the deal id. */
  balance(login: number, amount: number, comment: string, options?: SendOptions): Promise<string>;
  /**
   * The deal on this login carrying one of `comments` (an operation's key and its repeats), made at
   * or after `since` (epoch seconds, UTC: the creation of the request it serves). How an unknown
   * outcome is resolved, and what is looked for before every balance send. Reads only the window in
   * which such a deal can be, never the login's whole history.
   */
  findDeal(login: number, comments: string | readonly string[], since: number): Promise<Deal | null>;
  /**
   * The balance deals (deposits and withdrawals, not trades) on a login whose time lies in [from, to],
   * epoch seconds as the platform keeps time, oldest first: what reconciliation compares with.
   */
  balanceDeals(login: number, from: number, to: number): Promise<Deal[]>;
  /**
   * The balance deals of every account in the groups `groupMask` names, time in [from, to], in one
   * call (MT5 deal/get_batch with `group`): one group, several comma separated, `*` for any text and
   * a leading `!` to leave groups out ("real*,!real-test"). How reconciliation reads a day's deals
   * with a call per group rather than per account.
   */
  groupBalanceDeals(groupMask: string, from: number, to: number): Promise<Deal[]>;
  /**
   * The trades (buy and sell deals, nothing else) of a login whose time lies in [from, to], epoch
   * seconds UTC, oldest first. Never throws: a platform that does not answer in time, refuses or
   * answers something unreadable gives `{ known: false }`, so that a decision shown beside it is never
   * held up by it. Reads are bounded (see `complete`) and kept for a few minutes per login and window,
   * so the same question asked again soon costs no read: give windows rounded (to the minute, say),
   * not to the second, or every question is a new one.
   */
  trades(login: number, window: TradeWindow): Promise<TradeHistory>;
  close(): Promise<void>;
}

/** Epoch seconds UTC, both ends included. */
export type TradeWindow = { from: number; to: number };

/** MT5's deal actions that are trades (IMTDeal::EnDealAction DEAL_BUY 0 and DEAL_SELL 1). */
export type TradeAction = 'buy' | 'sell';
/**
 * What the deal did to a position (IMTDeal::EnDealEntry): `in` opened or added to one, `out` closed
 * (part of) one, `inout` reversed one, `outBy` closed one by an opposite position.
 */
export type TradeEntry = 'in' | 'out' | 'inout' | 'outBy';

export type Trade = {
  /** The deal ticket. */
  deal: string;
  /** Epoch seconds UTC. */
  time: number;
  symbol: string;
  action: TradeAction;
  entry: TradeEntry;
  /** Lots, as the platform keeps them (MT5's units converted exactly: 0.01 lot is 0.01). */
  volumeLots: number;
  /** The profit the deal realised, in the account's currency (0 for a deal that only opens). */
  profit: number;
};

export type TradeHistory =
  | {
      known: true;
      trades: Trade[];
      /**
       * False when the window held more deals than one read may take: `trades` then holds only the
       * oldest ones, and every count made from them is a lower bound.
       */
      complete: boolean;
    }
  | {
      known: false;
      /** Why, in words for people: "MT5 deal/get_page: timed out". */
      reason: string;
    };

export type TradeSummary = {
  /** Trade deals, openings and closings alike. */
  trades: number;
  /** Lots of every trade deal, all symbols together. */
  volumeLots: number;
  /** The same per symbol. */
  volumeBySymbol: Record<string, number>;
  /** Realised profit, summed over the deals (losses negative). */
  profit: number;
};

/**
 * How a platform call failed. `transient`: nothing happened, try again later. `permanent`: it will
 * never work (unknown login, not enough money). `unknown`: it may or may not have been applied (a
 * timeout or lost reply): look it up with findDeal before trying again.
 */
export type PlatformErrorKind = 'transient' | 'permanent' | 'unknown';

/** The code of a call dropped unsent because its deadline passed (see SendOptions). */
export const NOT_SENT_DEADLINE = -1;
/**
 * The code of a change the platform answered as done while it kept the old value (MT5 user/update
 * does so for a leverage or group it does not accept): a refusal, found by the console itself.
 */
export const KEPT_OLD_VALUE = -2;

/**
 * What a refusal means in the console's own terms, whatever the platform's code for it: the adapter
 * maps its codes, so the outbox and the features never read a platform's numbers.
 */
export type PlatformRefusal = 'accountExists' | 'accountNotFound';

export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    /** The platform's own code, for people (MTStatus, logs); code reads `refusal`. */
    readonly code?: number,
    readonly refusal?: PlatformRefusal,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

/** MT5 limits a deal comment to 31 characters. */
export const MAX_COMMENT_LENGTH = 31;
