import { and, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { MONEY_PICTURE_TRADED_DEPOSITS } from '@brokerdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { deposits, withdrawals } from '../../db/schema.ts';

/**
 * The funding reads the money picture and the alert rules share (docs/product.md [evidence]). Each is per
 * client on the tables' user indexes (deposits_user_idx, withdrawals_user_idx) and sums in SQL.
 */

/** The columns of one side of the money: what came in (deposits) and what went out (withdrawals). */
const SIDES = {
  deposit: {
    table: deposits,
    id: deposits.id,
    userId: deposits.userId,
    status: deposits.status,
    currency: deposits.depositCurrency,
    method: deposits.depositType,
    identifier: deposits.sourceIdentifier,
    label: deposits.depositPaymentName,
    amount: deposits.depositAmountSent,
    timestamp: deposits.timestamp,
    timeApproved: deposits.timeApproved,
  },
  withdrawal: {
    table: withdrawals,
    id: withdrawals.id,
    userId: withdrawals.userId,
    status: withdrawals.status,
    currency: withdrawals.withdrawalCurrency,
    method: withdrawals.withdrawalType,
    identifier: withdrawals.destinationIdentifier,
    label: withdrawals.withdrawalPaymentName,
    amount: withdrawals.withdrawalAmount,
    timestamp: withdrawals.timestamp,
    timeApproved: withdrawals.timeApproved,
  },
} as const;
export type Side = keyof typeof SIDES;
export const sideColumns = <S extends Side>(side: S): (typeof SIDES)[S] => SIDES[side];

/** One group of a client's approved money: currency, method and identifier. */
export type ApprovedLine = {
  currency: string;
  method: string;
  identifier: string | null;
  label: string;
  count: number;
  /** Whole cents, summed in SQL. */
  cents: number;
  firstAt: number;
  lastAt: number;
  /** The earliest time the money moved: approval time, else the request's own. */
  firstMovedAt: number;
};

/**
 * A client's approved deposits or withdrawals grouped by currency, method and identifier, narrowed by
 * `where` (a currency, identifiers only, one request left out): the picture's lines, the sources a
 * withdrawal returns to and what was already returned to them.
 */
export async function approvedLines(
  db: DbOrTx,
  side: Side,
  userId: string,
  where?: SQL,
): Promise<ApprovedLine[]> {
  const c = SIDES[side];
  const rows = await db
    .select({
      currency: c.currency,
      method: c.method,
      identifier: c.identifier,
      label: sql<string | null>`max(${c.label})`,
      count: count(),
      cents: sql<string>`sum(round(${c.amount} * 100))::text`,
      firstAt: sql<string>`min(${c.timestamp})::text`,
      lastAt: sql<string>`max(${c.timestamp})::text`,
      firstMovedAt: sql<string>`min(coalesce(${c.timeApproved}, ${c.timestamp}))::text`,
    })
    .from(c.table)
    .where(and(eq(c.userId, userId), eq(c.status, 'approved'), where))
    .groupBy(c.currency, c.method, c.identifier);
  return rows.map((r) => ({
    currency: r.currency,
    method: r.method,
    identifier: r.identifier,
    label: r.label ?? '',
    count: r.count,
    cents: Number(r.cents),
    firstAt: Number(r.firstAt),
    lastAt: Number(r.lastAt),
    firstMovedAt: Number(r.firstMovedAt),
  }));
}

/**
 * A client's latest approved deposits (at most MONEY_PICTURE_TRADED_DEPOSITS), newest first: the ones
 * whose trading the picture reads, and, narrowed to a currency and a time, the ones a withdrawal would
 * return (the low-trading rule).
 */
export async function latestApprovedDeposits(
  db: DbOrTx,
  userId: string,
  narrow?: { currency: string; before: number },
) {
  return db
    .select({
      id: deposits.id,
      timestamp: deposits.timestamp,
      timeApproved: deposits.timeApproved,
      currency: deposits.depositCurrency,
      amount: deposits.depositAmountSent,
      method: deposits.depositType,
      identifier: deposits.sourceIdentifier,
      accountNumber: deposits.accountNumber,
    })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.status, 'approved'),
        narrow && eq(deposits.depositCurrency, narrow.currency),
        narrow && lte(deposits.timestamp, narrow.before),
      ),
    )
    .orderBy(desc(deposits.timestamp), desc(deposits.id))
    .limit(MONEY_PICTURE_TRADED_DEPOSITS);
}
export type ApprovedDeposit = Awaited<ReturnType<typeof latestApprovedDeposits>>[number];
