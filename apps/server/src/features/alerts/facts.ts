import { and, desc, eq, gte, inArray, lte, ne, notInArray } from 'drizzle-orm';
import { MONEY_PICTURE_TRADED_DEPOSITS } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { approvalThresholds, deposits, users, withdrawals } from '../../db/schema.ts';

/**
 * The reads behind the rules (docs/product.md [alerts.rules]). Each is per client on the user indexes
 * (deposits_user_idx, withdrawals_user_idx) or per identifier on the partial identifier indexes of
 * migration 0026, and each is limited, so a client with thousands of requests costs a bounded read.
 */

/** Deposits that never brought money in do not count towards splitting or a round trip. */
const NOT_MONEY = ['rejected', 'declined', 'cancelled'];
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
export type WithdrawalFacts = DepositFacts;

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
    })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return r;
}

/** The client's deposits in a currency made within [from, to], money only (not rejected), oldest first. */
export async function depositsWithin(db: Db, userId: string, currency: string, from: number, to: number) {
  const rows = await db
    .select({ id: deposits.id, amount: deposits.depositAmountSent, at: deposits.timestamp })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        gte(deposits.timestamp, from),
        lte(deposits.timestamp, to),
        eq(deposits.depositCurrency, currency),
        notInArray(deposits.status, NOT_MONEY),
      ),
    )
    .orderBy(desc(deposits.timestamp), desc(deposits.id))
    .limit(WINDOW_LIMIT);
  return rows.reverse();
}

/** The approved deposits a withdrawal would return: the latest ones in its currency made before it. */
export async function depositsBefore(db: Db, userId: string, currency: string, at: number) {
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
        lte(deposits.timestamp, at),
        eq(deposits.status, 'approved'),
        eq(deposits.depositCurrency, currency),
      ),
    )
    .orderBy(desc(deposits.timestamp), desc(deposits.id))
    .limit(MONEY_PICTURE_TRADED_DEPOSITS);
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
