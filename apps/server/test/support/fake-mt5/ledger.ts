/**
 * The fake server's accounts and deals, in memory. Operations fail the way MT5 does, with a retcode
 * (LedgerError), so the routes only translate.
 */

export type FakeAccount = {
  login: number;
  group: string;
  name: string;
  leverage: number;
  balance: number;
  passwordMain: string;
  passwordInvestor: string;
  registration: number;
};

export type FakeDeal = {
  deal: number;
  login: number;
  /** IMTDeal::EnDealAction: 0 buy, 1 sell, 2 balance, 3 credit ... */
  action: number;
  profit: number;
  comment: string;
  /** The trade server's clock. */
  time: number;
  /** Trades only. */
  symbol?: string;
  /** IMTDeal::EnDealEntry: 0 in, 1 out, 2 in/out, 3 out by. */
  entry?: number;
  /** Lots in MT5's VolumeExt units (1/100,000,000 lot); Volume is derived from it. */
  volumeExt?: number;
};

/** A trade deal as a test describes it; `time` on the trade server's clock, now by default. */
export type FakeTrade = {
  symbol: string;
  action: 'buy' | 'sell' | number;
  entry?: 'in' | 'out' | 'inout' | 'outBy';
  lots: number;
  profit?: number;
  time?: number;
  comment?: string;
};

const ENTRIES = { in: 0, out: 1, inout: 2, outBy: 3 } as const;

export type PasswordType = 'main' | 'investor';

export class LedgerError extends Error {
  constructor(
    readonly retcode: number,
    text: string,
  ) {
    super(text);
  }
}

export const MAX_LEVERAGE = 500;
const MAX_AMOUNT = 1e9;
const MAX_COMMENT = 31;

/** Roughly MT5's rule: at least 8 characters with both letters and digits. */
function strong(password: string): boolean {
  return password.length >= 8 && /[a-z]/i.test(password) && /\d/.test(password);
}

export class FakeLedger {
  private readonly accountMap = new Map<number, FakeAccount>();
  private readonly dealList: FakeDeal[] = [];
  /**
   * Every user/update received, with the fields it named (query parameters but `login`, and the keys
   * of its body), whatever became of it: how a test sees that a change sends only what it changes.
   */
  readonly userUpdates: { login: number; fields: string[] }[] = [];
  private nextDeal = 100_000;
  private readonly leverageLimits = new Map<string, number>();
  /** Deals by login, in the order they were made (so in time order). */
  private readonly byLogin = new Map<number, FakeDeal[]>();

  constructor(
    readonly groupNames: string[],
    private nextLogin: number,
    private readonly now: () => number,
  ) {}

  accounts(): FakeAccount[] {
    return [...this.accountMap.values()].map((a) => ({ ...a }));
  }

  account(login: number): FakeAccount | undefined {
    const a = this.accountMap.get(login);
    return a && { ...a };
  }

  deals(login?: number): FakeDeal[] {
    return this.dealList.filter((d) => login === undefined || d.login === login).map((d) => ({ ...d }));
  }

  add(a: Omit<FakeAccount, 'login' | 'balance' | 'registration'> & { login?: number }): FakeAccount {
    if (!this.groupNames.includes(a.group)) throw new LedgerError(8, 'Not enough permissions');
    if (!Number.isInteger(a.leverage) || a.leverage < 1 || a.leverage > MAX_LEVERAGE) {
      throw new LedgerError(3, 'Invalid parameters');
    }
    if (!strong(a.passwordMain) || !strong(a.passwordInvestor))
      throw new LedgerError(3006, 'Invalid account password');
    const login = a.login || this.nextLogin++;
    if (this.accountMap.has(login)) throw new LedgerError(3004, 'Account already exists');
    const created: FakeAccount = { ...a, login, balance: 0, registration: this.now() };
    this.accountMap.set(login, created);
    return { ...created };
  }

  /** Applies what it accepts and keeps the rest as it was, as MT5's user/update does. */
  update(login: number, change: { name?: string; group?: string; leverage?: number }): FakeAccount {
    const a = this.must(login);
    const leverage = change.leverage;
    if (
      leverage !== undefined &&
      Number.isInteger(leverage) &&
      leverage >= 1 &&
      leverage <= this.maxLeverage(a.group)
    ) {
      a.leverage = leverage;
    }
    if (change.group !== undefined && this.groupNames.includes(change.group)) a.group = change.group;
    if (change.name !== undefined) a.name = change.name;
    return { ...a };
  }

  /** The highest leverage a group allows: MAX_LEVERAGE, or less where a test set a limit. */
  maxLeverage(group: string): number {
    return this.leverageLimits.get(group) ?? MAX_LEVERAGE;
  }

  /** Lets a group allow at most `leverage`, as a group's margin settings do on a real server. */
  limitLeverage(group: string, leverage: number): void {
    this.leverageLimits.set(group, leverage);
  }

  /** One login's deals whose time lies in [from, to], in time order (then by ticket). */
  dealsIn(login: number, from: number, to: number): FakeDeal[] {
    return (this.byLogin.get(login) ?? [])
      .filter((d) => d.time >= from && d.time <= to)
      .sort((a, b) => a.time - b.time || a.deal - b.deal)
      .map((d) => ({ ...d }));
  }

  checkPassword(login: number, type: PasswordType, password: string): void {
    const a = this.must(login);
    const stored = type === 'main' ? a.passwordMain : a.passwordInvestor;
    if (stored !== password) throw new LedgerError(3006, 'Invalid account password');
  }

  changePassword(login: number, type: PasswordType, password: string): void {
    const a = this.must(login);
    if (!strong(password)) throw new LedgerError(3006, 'Invalid account password');
    if (type === 'main') a.passwordMain = password;
    else a.passwordInvestor = password;
  }

  /** A balance deal. With checkMargin (the default) a withdrawal may not take the balance below zero. */
  balance(login: number, amount: number, comment: string, checkMargin: boolean): FakeDeal {
    const a = this.must(login);
    if (!Number.isFinite(amount) || amount === 0 || comment.length > MAX_COMMENT) {
      throw new LedgerError(3, 'Invalid parameters');
    }
    if (Math.abs(amount) > MAX_AMOUNT) throw new LedgerError(4005, 'Amount too large');
    if (checkMargin && a.balance + amount < 0) throw new LedgerError(10019, 'Not enough money');
    a.balance = Math.round((a.balance + amount) * 100) / 100;
    const deal: FakeDeal = {
      deal: this.nextDeal++,
      login,
      action: 2,
      profit: amount,
      comment,
      time: this.now(),
    };
    this.record(deal);
    return { ...deal };
  }

  /**
   * A closed trade's deal (Action 1, a sell), as deal/get_batch lists it beside balance deals; the
   * balance moves by its profit. Only tests call it: the console never trades.
   */
  trade(login: number, profit: number, comment = ''): FakeDeal {
    const a = this.must(login);
    a.balance = Math.round((a.balance + profit) * 100) / 100;
    const deal: FakeDeal = { deal: this.nextDeal++, login, action: 1, profit, comment, time: this.now() };
    this.record(deal);
    return { ...deal };
  }

  /**
   * Trade deals on a login, as a trader's terminal would have made them; the balance moves by their
   * profit. `action` may also be any other deal action's number (3 credit, 4 charge ...), to see that
   * such deals are not counted as trades. Returns the deals made.
   */
  addTrades(login: number, trades: FakeTrade[]): FakeDeal[] {
    const a = this.must(login);
    return trades.map((t) => {
      const profit = t.profit ?? 0;
      a.balance = Math.round((a.balance + profit) * 100) / 100;
      const deal: FakeDeal = {
        deal: this.nextDeal++,
        login,
        action: t.action === 'buy' ? 0 : t.action === 'sell' ? 1 : t.action,
        profit,
        comment: t.comment ?? '',
        time: t.time ?? this.now(),
        symbol: t.symbol,
        entry: ENTRIES[t.entry ?? 'in'],
        // Whole units, as MT5 keeps them: 0.01 lot is 1,000,000.
        volumeExt: Math.round(t.lots * 100_000_000),
      };
      this.record(deal);
      return { ...deal };
    });
  }

  /**
   * `count` trade deals on a login at once, `spacing` seconds apart and ending now, 0.01 lot of
   * EURUSD each, opening and closing in turn: an active trader's history. The balance is left as it is
   * (the deals realise nothing).
   */
  history(login: number, count: number, spacing = 60): void {
    this.must(login);
    const end = this.now();
    for (let i = count; i > 0; i--) {
      this.record({
        deal: this.nextDeal++,
        login,
        action: i % 2,
        profit: 0,
        comment: '',
        time: end - i * spacing,
        symbol: 'EURUSD',
        entry: i % 2,
        volumeExt: 1_000_000,
      });
    }
  }

  private record(deal: FakeDeal): void {
    this.dealList.push(deal);
    const mine = this.byLogin.get(deal.login);
    if (mine) mine.push(deal);
    else this.byLogin.set(deal.login, [deal]);
  }

  private must(login: number): FakeAccount {
    const a = this.accountMap.get(login);
    if (!a) throw new LedgerError(13, 'Not found');
    return a;
  }
}
