import { DEMO_ACCOUNT_TYPES, DEMO_BALANCES, LEVERAGES } from '@brokerdesk/contract';
import { approver, type Account, type Client, type SeedState } from './context.ts';
import { DAY, YEAR, weighted } from './random.ts';

type AccountType = Client['preferredType'];
type Currency = Client['currency'];

const TYPE_SLUG: Record<AccountType, string> = { Standard: 'standard', ECN: 'ecn', 'Mini FX': 'mini' };
const LIVE_COUNT = weighted({ '1': 60, '2': 28, '3': 12 });
const LIVE_TYPE = weighted<AccountType>({ Standard: 55, ECN: 30, 'Mini FX': 15 });
const LEVERAGE_STATUS = weighted({ pending: 30, approved: 50, rejected: 20 });
const SUB_ACCOUNT_STATUS = weighted({ pending: 35, approved: 45, rejected: 20 });
const LEVERAGE_REJECTIONS = [
  'Leverage above the limit for this account type.',
  'Client classified as retail: maximum 1:30 on majors.',
  'Client asked to cancel the request.',
] as const;
const SUB_ACCOUNT_REJECTIONS = [
  'Maximum number of accounts reached.',
  'Client has not completed the appropriateness test.',
  'Duplicate request.',
] as const;

/** MT5 group of an account; the groups table holds one per platform side, type and currency. */
export function groupIdOf(live: boolean, type: AccountType, currency: Currency): string {
  return `${live ? 'real' : 'demo'}\\${TYPE_SLUG[type]}-${currency.toLowerCase()}`;
}

/** Live and demo accounts of a client, with its leverage changes and sub-account requests. */
export function addAccounts(state: SeedState, client: Client): Account[] {
  const { r } = state;
  const { status, registered, firstAccountCreated } = client.user;
  const accounts: Account[] = [];
  if (firstAccountCreated) {
    const n = Number(r.draw(LIVE_COUNT));
    let created = r.after(client.since, 20 * DAY, 3600);
    for (let i = 0; i < n; i++) {
      const first = i === 0;
      accounts.push(
        newAccount(state, client, {
          live: true,
          approved: first || r.chance(0.85),
          type: first ? client.preferredType : r.draw(LIVE_TYPE),
          currency: first || r.chance(0.7) ? client.currency : r.one(['EUR', 'GBP', 'USD'] as const),
          leverage: first ? client.preferredLeverage : r.one(LEVERAGES),
          created,
        }),
      );
      created = r.after(created, YEAR / 2, DAY);
    }
  }
  if (registered && status !== 'rejected' && r.chance(0.35)) {
    accounts.push(
      newAccount(state, client, {
        live: false,
        approved: r.chance(0.9),
        type: r.one(DEMO_ACCOUNT_TYPES),
        currency: client.currency,
        leverage: r.one(LEVERAGES),
        created: r.after(client.since, 10 * DAY),
        balance: r.one(DEMO_BALANCES),
      }),
    );
  }
  for (const acc of accounts) {
    if (acc.live && acc.approved && r.chance(0.12)) addLeverageChange(state, client, acc);
  }
  if (status === 'approved' && r.chance(0.12)) addSubAccountRequest(state, client, accounts);
  return accounts;
}

type NewAccount = {
  live: boolean;
  approved: boolean;
  type: AccountType;
  currency: Currency;
  leverage: number;
  created: number;
  balance?: number;
};

function newAccount(state: SeedState, client: Client, a: NewAccount): Account {
  const { r } = state;
  const account: Account = {
    id: r.id(a.created),
    userId: client.id,
    number: state.nextAccountNumber++,
    platform: 'MT5',
    live: a.live,
    approved: a.approved,
    managerGroup: a.live ? 'managers\\dealing' : 'managers\\demo',
    accountGroup: groupIdOf(a.live, a.type, a.currency),
    type: a.type,
    baseCurrency: a.currency,
    leverage: a.leverage,
    balance: a.balance ?? 0,
    equity: a.balance ?? 0,
    timeCreated: a.created,
    timeApproved: a.approved ? r.after(a.created, DAY, 30) : null,
    adminId: a.approved ? approver(state, a.live ? 0.4 : 1) : '',
  };
  state.rows.trading_accounts.push(account);
  return account;
}

function addLeverageChange(state: SeedState, client: Client, acc: Account): void {
  const { r } = state;
  const status = r.pick(LEVERAGE_STATUS);
  const wanted = r.one(LEVERAGES.filter((l) => l !== acc.leverage));
  const timestamp = r.after(acc.timeCreated!, 200 * DAY);
  state.rows.leverage_changes.push({
    id: r.id(timestamp),
    userId: client.id,
    accountNumber: acc.number,
    accountType: acc.type,
    oldLeverage: `1:${acc.leverage}`,
    // Older requests stored the bare number; the screens show it as 1:N.
    newLeverage: r.chance(0.2) ? String(wanted) : `1:${wanted}`,
    status,
    comment: status === 'rejected' ? r.one(LEVERAGE_REJECTIONS) : '',
    timestamp,
    mtStatus: status === 'approved' ? 'SUCCESS' : '',
  });
  if (status === 'approved') acc.leverage = wanted;
}

function addSubAccountRequest(state: SeedState, client: Client, accounts: Account[]): void {
  const { r } = state;
  const status = r.pick(SUB_ACCOUNT_STATUS);
  const live = r.chance(0.7);
  const type = live ? r.draw(LIVE_TYPE) : r.one(DEMO_ACCOUNT_TYPES);
  const currency = r.one(['EUR', 'GBP', 'USD'] as const);
  const leverage = r.one(LEVERAGES);
  const balance = live ? null : r.one(DEMO_BALANCES);
  const timeCreated = r.after(client.since, YEAR);
  let accountId: string | null = null;
  if (status === 'approved') {
    const created = r.after(timeCreated, 2 * DAY);
    const acc = newAccount(state, client, {
      live,
      approved: true,
      type,
      currency,
      leverage,
      created,
      balance: balance ?? 0,
    });
    accounts.push(acc);
    accountId = acc.id;
  }
  state.rows.sub_account_requests.push({
    id: r.id(timeCreated),
    userId: client.id,
    type,
    live,
    platform: 'MT5',
    baseCurrency: currency,
    leverage,
    balance,
    status,
    comment: status === 'rejected' ? r.one(SUB_ACCOUNT_REJECTIONS) : '',
    timeCreated,
    adminRequested: r.chance(0.15),
    accountId,
  });
}

/**
 * Sets live balances from the money that reached each account plus the profit its trades realised
 * (addTrading), gives open positions to part of the accounts (equity != balance) and registers every
 * account on the simulator platform under the same login, group, leverage and balance.
 */
export function finishAccounts(
  state: SeedState,
  client: Client,
  accounts: Account[],
  net: Map<number, number>,
  realised: Map<number, number>,
): void {
  const { r } = state;
  for (const acc of accounts) {
    if (acc.live) {
      const funded = net.get(acc.number) ?? 0;
      // The draw the balance once was: kept, so that every later row of the demo stays what it was
      // (the end-to-end tests pick their rows from it); the trading draws from a stream of its own.
      if (funded > 0) r.f.number.float({ min: -0.45, max: 0.3 });
      acc.balance = funded > 0 ? round2(Math.max(0, funded + (realised.get(acc.number) ?? 0))) : 0;
    } else if (acc.approved) {
      acc.balance = round2(Number(acc.balance) * r.f.number.float({ min: 0.5, max: 1.8 }));
    }
    const balance = Number(acc.balance);
    acc.equity =
      balance > 0 && r.chance(0.4) ? round2(balance * r.f.number.float({ min: 0.9, max: 1.1 })) : balance;
    state.rows.sim_accounts.push({
      login: acc.number,
      name: client.fullName,
      groupName: acc.accountGroup!,
      leverage: acc.leverage,
      balance,
      passwordMain: r.f.internet.password({ length: 10 }),
      passwordInvestor: r.f.internet.password({ length: 10 }),
      createdAt: acc.timeCreated,
    });
  }
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
