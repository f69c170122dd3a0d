import { and, count, desc, eq, gte, inArray, isNotNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  applications,
  approvalThresholds,
  bankAccounts,
  bankDetailChanges,
  deposits,
  users,
  withdrawals,
} from '../../db/schema.ts';

/**
 * The reads behind the rules (docs/product.md [alerts.rules]). Each is per client on the user indexes
 * (deposits_user_idx, withdrawals_user_idx) or per identifier on the partial identifier indexes of
 * migration 0026, and each is limited, so a client with thousands of requests costs a bounded read.
 */

/** Deposits that never brought money in do not count towards splitting or a round trip. */
export const NOT_MONEY = ['rejected', 'declined', 'cancelled'];
/** Requests staff may still decide: the ones looked at again when payment details change. */
const OPEN = ['pending', 'incomplete'];
/** The most deposits a window reads: past this many the rule has long fired. */
const WINDOW_LIMIT = 100;
/** The most other clients an identifier alert names. */
const OTHERS_LIMIT = 10;

export type DepositFacts = {
  id: string;
  userId: string;
  currency: string;
  amount: number;
  at: number;
  status: string;
  identifier: string | null;
};
export type WithdrawalFacts = DepositFacts & {
  method: string;
  label: string;
  timeApproved: number | null;
};

export async function readDeposit(db: Db, id: string): Promise<DepositFacts | undefined> {
  const [r] = await db
    .select({
      id: deposits.id,
      userId: deposits.userId,
      currency: deposits.depositCurrency,
      amount: deposits.depositAmountSent,
      at: deposits.timestamp,
      status: deposits.status,
      identifier: deposits.sourceIdentifier,
    })
    .from(deposits)
    .where(eq(deposits.id, id));
  return r;
}

export async function readWithdrawal(db: Db, id: string): Promise<WithdrawalFacts | undefined> {
  const [r] = await db
    .select({
      id: withdrawals.id,
      userId: withdrawals.userId,
      currency: withdrawals.withdrawalCurrency,
      amount: withdrawals.withdrawalAmount,
      at: withdrawals.timestamp,
      status: withdrawals.status,
      identifier: withdrawals.destinationIdentifier,
      method: withdrawals.withdrawalType,
      label: withdrawals.withdrawalPaymentName,
      timeApproved: withdrawals.timeApproved,
    })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return r;
}

/** The client's deposits of a currency made within [from, to] that brought money in (not refused). */
const moneyInWithin = (userId: string, currency: string, from: number, to: number) =>
  and(
    eq(deposits.userId, userId),
    gte(deposits.timestamp, from),
    lte(deposits.timestamp, to),
    eq(deposits.depositCurrency, currency),
    notInArray(deposits.status, NOT_MONEY),
  );

/** The client's deposits in a currency made within [from, to], money only (not rejected), oldest first. */
export async function depositsWithin(db: Db, userId: string, currency: string, from: number, to: number) {
  const rows = await db
    .select({ id: deposits.id, amount: deposits.depositAmountSent, at: deposits.timestamp })
    .from(deposits)
    .where(moneyInWithin(userId, currency, from, to))
    .orderBy(desc(deposits.timestamp), desc(deposits.id))
    .limit(WINDOW_LIMIT);
  return rows.reverse();
}

/** The four-eyes threshold of deposits in a currency, or null when none is set. */
export async function fourEyesThreshold(db: Db, currency: string): Promise<number | null> {
  const [r] = await db
    .select({ amount: approvalThresholds.amount })
    .from(approvalThresholds)
    .where(and(eq(approvalThresholds.requestType, 'deposit'), eq(approvalThresholds.currency, currency)));
  return r?.amount ?? null;
}

/** Other clients who deposited from or withdrew to `identifier`, with their names (to be masked). */
export async function otherClientsOf(db: Db, userId: string, identifier: string) {
  const [fromDeposits, fromWithdrawals] = await Promise.all([
    db
      .selectDistinct({ userId: deposits.userId })
      .from(deposits)
      .where(and(eq(deposits.sourceIdentifier, identifier), ne(deposits.userId, userId)))
      .limit(OTHERS_LIMIT),
    db
      .selectDistinct({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(and(eq(withdrawals.destinationIdentifier, identifier), ne(withdrawals.userId, userId)))
      .limit(OTHERS_LIMIT),
  ]);
  const ids = [...new Set([...fromDeposits, ...fromWithdrawals].map((r) => r.userId))]
    .sort()
    .slice(0, OTHERS_LIMIT);
  if (ids.length === 0) return [];
  return db
    .select({ userId: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id);
}

/** The client's latest deposits and withdrawals: what an evaluation on demand looks at. */
export async function latestRequests(db: Db, userId: string, limit: number) {
  const [d, w] = await Promise.all([
    db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.userId, userId))
      .orderBy(desc(deposits.timestamp), desc(deposits.id))
      .limit(limit),
    db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.timestamp), desc(withdrawals.id))
      .limit(limit),
  ]);
  return { deposits: d.map((r) => r.id), withdrawals: w.map((r) => r.id) };
}

/** Whether the client ever brought money in from `identifier` (on deposits_source_identifier_idx). */
export async function depositedFrom(db: Db, userId: string, identifier: string): Promise<boolean> {
  const [r] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.sourceIdentifier, identifier),
        eq(deposits.userId, userId),
        eq(deposits.status, 'approved'),
      ),
    )
    .limit(1);
  return r !== undefined;
}

/** The client's deposits of a currency within [from, to] that brought money in: how many, how much. */
export async function depositTotalWithin(db: Db, userId: string, currency: string, from: number, to: number) {
  const [r] = await db
    .select({ n: count(), cents: sql<string | null>`sum(round(${deposits.depositAmountSent} * 100))::text` })
    .from(deposits)
    .where(moneyInWithin(userId, currency, from, to));
  return { count: r?.n ?? 0, total: Number(r?.cents ?? 0) / 100 };
}

/** What the client declared on the application: the expected deposit and the savings ('' when not given). */
export async function declaredOf(db: Db, userId: string) {
  const [r] = await db
    .select({ income: applications.employmentIncome })
    .from(applications)
    .where(eq(applications.userId, userId));
  const income = (r?.income ?? {}) as { expectedDeposit?: unknown; savings?: unknown };
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { expectedDeposit: text(income.expectedDeposit), savings: text(income.savings) };
}

/** The client's bank details added or changed within [from, to] (bank_detail_changes_user_idx). */
export async function bankChangesWithin(db: Db, userId: string, from: number, to: number) {
  return db
    .select({
      bankAccountId: bankDetailChanges.bankAccountId,
      change: bankDetailChanges.change,
      identifier: bankDetailChanges.identifier,
      at: bankDetailChanges.at,
    })
    .from(bankDetailChanges)
    .where(
      and(
        eq(bankDetailChanges.userId, userId),
        gte(bankDetailChanges.at, from),
        lte(bankDetailChanges.at, to),
      ),
    )
    .orderBy(desc(bankDetailChanges.at))
    .limit(5);
}

/** A phone number as compared: its digits only, the expression of users_phone_digits_idx (migration 0007). */
const phoneDigits = sql<string>`(regexp_replace("users"."mobile_phone", '[^0-9]', '', 'g') COLLATE "C")`;
/** Fewer digits than this is no phone number worth comparing. */
const PHONE_MIN_DIGITS = 6;

/** The client's phone as digits, and the other clients who gave the same (masked by the rule). */
export async function sharedPhoneOf(db: Db, userId: string) {
  const [me] = await db.select({ digits: phoneDigits }).from(users).where(eq(users.id, userId));
  const digits = me?.digits ?? '';
  if (digits.length < PHONE_MIN_DIGITS) return { digits: null, others: [] };
  const others = await db
    .select({ userId: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(
      and(
        sql`${phoneDigits} = ${digits}`,
        ne(users.mobilePhone, ''),
        ne(users.id, userId),
        inArray(users.role, ['USER', 'PARTNER']),
      ),
    )
    .orderBy(users.id)
    .limit(OTHERS_LIMIT);
  return { digits, others };
}

/** The client's open deposits and withdrawals (the latest `limit` of each). */
export async function openRequestsOf(db: Db, userId: string, limit: number) {
  const [d, w] = await Promise.all([
    db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.userId, userId), inArray(deposits.status, OPEN)))
      .orderBy(desc(deposits.timestamp))
      .limit(limit),
    db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, OPEN)))
      .orderBy(desc(withdrawals.timestamp))
      .limit(limit),
  ]);
  return { deposits: d.map((r) => r.id), withdrawals: w.map((r) => r.id) };
}

/**
 * The clients a bank account's change concerns: its holder, and the clients who paid from or to its
 * IBAN or account number (on the identifier indexes), at most OTHERS_LIMIT of them.
 */
export async function clientsConcernedByBank(db: Db, bankAccountId: string): Promise<string[]> {
  const [bank] = await db
    .select({
      userId: bankAccounts.userId,
      iban: bankAccounts.bankIban,
      number: bankAccounts.bankAccountNumber,
      sortCode: bankAccounts.bankSortCode,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, bankAccountId));
  if (!bank) return [];
  const ids = [bank.iban, bank.number ? `${bank.number} / ${bank.sortCode}` : ''].filter((x) => x !== '');
  if (ids.length === 0) return [bank.userId];
  const [fromDeposits, fromWithdrawals] = await Promise.all([
    db
      .selectDistinct({ userId: deposits.userId })
      .from(deposits)
      .where(and(isNotNull(deposits.sourceIdentifier), inArray(deposits.sourceIdentifier, ids)))
      .limit(OTHERS_LIMIT),
    db
      .selectDistinct({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(
        and(isNotNull(withdrawals.destinationIdentifier), inArray(withdrawals.destinationIdentifier, ids)),
      )
      .limit(OTHERS_LIMIT),
  ]);
  return [...new Set([bank.userId, ...[...fromDeposits, ...fromWithdrawals].map((r) => r.userId)])];
}
