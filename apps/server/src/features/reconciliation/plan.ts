import { and, asc, between, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deposits, tradingAccounts, transfers, withdrawals } from '../../db/schema.ts';
import { depositLegs, transferLegs, withdrawalLegs, type Leg } from './legs.ts';
import type { Period } from './matching.ts';

const DAY = 86_400;
/** Deals are asked for from a day before the period (the platform's time zone is its own)... */
const BEFORE = DAY;
/** ...to a week after it: an operation approved late in the period may settle days later. */
const AFTER = 7 * DAY;
/**
 * deal/get_batch by group has no paging and lists trades beside balance deals, so a group's window is
 * read a day at a time: each answer stays the size of one group's day.
 */
export const DEAL_SLICE_SECONDS = DAY;
/** Accounts read one by one are batched by ranges of this many login numbers. */
const LOGIN_RANGE = 1000;
const LOOKUP_CHUNK = 1000;

export type Scope = Period & { login?: number };

/**
 * One unit of a run's work, finished (and kept) as a whole: an account group whose deals are read with
 * a call per slice of the window, or logins read one by one (accounts without a group, a leg's account
 * outside the groups read, a run over one account). The key names it across resumed runs.
 */
export type Batch =
  | {
      key: string;
      kind: 'group';
      group: string;
      /** Accounts of the group with legs in the period. */
      legLogins: number[];
      /** How many of those the group's live, approved accounts do not count (an unapproved account). */
      legOnlyAccounts: number;
    }
  | { key: string; kind: 'logins'; logins: number[] };

export type RunPlan = { legCount: number; legsByLogin: Map<number, Leg[]>; batches: Batch[] };

/** The window deals are read in, never reaching past tomorrow. */
export function dealWindow(period: Period, now: number): Period {
  return {
    from: Math.max(0, period.from - BEFORE),
    to: Math.max(period.to, Math.min(period.to + AFTER, now + DAY)),
  };
}

/** The window cut into DEAL_SLICE_SECONDS slices, both ends of each included. */
export function slices(window: Period): Period[] {
  const out: Period[] = [];
  for (let from = window.from; from <= window.to; from += DEAL_SLICE_SECONDS)
    out.push({ from, to: Math.min(window.to, from + DEAL_SLICE_SECONDS - 1) });
  return out;
}

/**
 * What a run reads: the legs of the period, and the batches in a fixed order (groups by name, then
 * login ranges), so a resumed run finds the ones it finished by key.
 */
export async function planRun(db: Db, platform: string, scope: Scope): Promise<RunPlan> {
  const legs = await legsIn(db, scope);
  const legsByLogin = new Map<number, Leg[]>();
  for (const leg of legs) {
    const mine = legsByLogin.get(leg.login);
    if (mine) mine.push(leg);
    else legsByLogin.set(leg.login, [leg]);
  }
  const plan = { legCount: legs.length, legsByLogin };
  if (scope.login !== undefined)
    return { ...plan, batches: [{ key: `login:${scope.login}`, kind: 'logins', logins: [scope.login] }] };

  const groups = await liveGroups(db, platform);
  const read = new Set(groups);
  const accounts = await accountsOf(db, platform, [...legsByLogin.keys()]);
  const legLogins = new Map<string, number[]>();
  const legOnly = new Map<string, number>();
  const oneByOne = new Set(await ungroupedLiveAccounts(db, platform));
  for (const login of legsByLogin.keys()) {
    const acc = accounts.get(login);
    if (!acc || !read.has(acc.group)) {
      oneByOne.add(login);
      continue;
    }
    legLogins.set(acc.group, [...(legLogins.get(acc.group) ?? []), login]);
    if (!acc.liveApproved) legOnly.set(acc.group, (legOnly.get(acc.group) ?? 0) + 1);
  }
  const batches: Batch[] = groups.map((group) => ({
    key: `group:${group}`,
    kind: 'group',
    group,
    legLogins: (legLogins.get(group) ?? []).sort((a, b) => a - b),
    legOnlyAccounts: legOnly.get(group) ?? 0,
  }));
  // A range's key stays the same when accounts are added to it between a run and its resumption.
  const ranges = new Map<number, number[]>();
  for (const login of [...oneByOne].sort((a, b) => a - b)) {
    const first = Math.floor(login / LOGIN_RANGE) * LOGIN_RANGE;
    ranges.set(first, [...(ranges.get(first) ?? []), login]);
  }
  for (const [first, logins] of ranges) batches.push({ key: `logins:${first}`, kind: 'logins', logins });
  return { ...plan, batches };
}

const liveOn = (platform: string) =>
  and(
    eq(tradingAccounts.platform, platform),
    eq(tradingAccounts.live, true),
    eq(tradingAccounts.approved, true),
  );

/** The groups of the live, approved accounts, by name. */
async function liveGroups(db: Db, platform: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ group: tradingAccounts.accountGroup })
    .from(tradingAccounts)
    .where(and(liveOn(platform), ne(tradingAccounts.accountGroup, '')))
    .orderBy(asc(tradingAccounts.accountGroup));
  return rows.map((r) => r.group);
}

/** Live, approved accounts the console has no group for (none once every account is created in one). */
async function ungroupedLiveAccounts(db: Db, platform: string): Promise<number[]> {
  const rows = await db
    .select({ n: tradingAccounts.number })
    .from(tradingAccounts)
    .where(and(liveOn(platform), eq(tradingAccounts.accountGroup, '')));
  return rows.map((r) => r.n);
}

/** The group of each of these logins' accounts, and whether it is live and approved. */
async function accountsOf(db: Db, platform: string, logins: number[]) {
  const out = new Map<number, { group: string; liveApproved: boolean }>();
  for (let i = 0; i < logins.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({
        n: tradingAccounts.number,
        group: tradingAccounts.accountGroup,
        live: tradingAccounts.live,
        approved: tradingAccounts.approved,
      })
      .from(tradingAccounts)
      .where(
        and(
          eq(tradingAccounts.platform, platform),
          inArray(tradingAccounts.number, logins.slice(i, i + LOOKUP_CHUNK)),
        ),
      );
    for (const r of rows) out.set(r.n, { group: r.group, liveApproved: r.live && r.approved });
  }
  return out;
}

/** The live, approved accounts of a group among these logins, and how many the group has. */
export async function groupMembers(db: Db, platform: string, group: string, logins: number[]) {
  const inGroup = and(liveOn(platform), eq(tradingAccounts.accountGroup, group));
  const members = new Set<number>();
  for (let i = 0; i < logins.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({ n: tradingAccounts.number })
      .from(tradingAccounts)
      .where(and(inGroup, inArray(tradingAccounts.number, logins.slice(i, i + LOOKUP_CHUNK))));
    for (const r of rows) members.add(r.n);
  }
  const [all] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tradingAccounts)
    .where(inGroup);
  return { members, count: all?.n ?? 0 };
}

/**
 * Deposits or withdrawals that moved money in the period (and, for one account, on it): approved, and
 * the platform answered SUCCESS.
 */
const settledIn = (table: typeof deposits | typeof withdrawals, { from, to, login }: Scope) =>
  and(
    eq(table.status, 'approved'),
    eq(table.mtStatus, 'SUCCESS'),
    between(table.timeApproved, from, to),
    login !== undefined ? eq(table.accountNumber, login) : undefined,
  );

/** The legs of requests approved in the period (and, for one account, those on it). */
async function legsIn(db: Db, scope: Scope): Promise<Leg[]> {
  const { from, to, login } = scope;
  const [deps, wds, trs] = [
    await db.select().from(deposits).where(settledIn(deposits, scope)),
    await db.select().from(withdrawals).where(settledIn(withdrawals, scope)),
    await db
      .select()
      .from(transfers)
      .where(
        and(
          isNotNull(sql`${transfers.times} ->> 'approved'`),
          sql`((${transfers.times} ->> 'approved')::bigint) between ${from} and ${to}`,
          login !== undefined
            ? or(eq(transfers.sourceAccount, login), eq(transfers.destinationAccount, login))
            : undefined,
        ),
      ),
  ];
  const legs = [...deps.flatMap(depositLegs), ...wds.flatMap(withdrawalLegs), ...trs.flatMap(transferLegs)];
  return login === undefined ? legs : legs.filter((l) => l.login === login);
}
