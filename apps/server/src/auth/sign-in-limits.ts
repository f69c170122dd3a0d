import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { signInThrottle } from '../db/schema.ts';

/** How long a lock lasts, and how long a failure is remembered when no lock follows. */
export const LOCK_S = 30 * 60;
/** Wrong passwords for one account from one address before that address is locked out of it. */
export const PASSWORD_FAILURES_PER_ADDRESS = 10;
/** Wrong passwords for one account from anywhere before the whole account is locked. */
export const PASSWORD_FAILURES_PER_ACCOUNT = 50;
/** Wrong codes for one account across all its tickets before it is locked (NIST 800-63B: at most 100). */
export const CODE_FAILURES_PER_ACCOUNT = 100;
/** At most this often (by the app's clock) a SignInLimits sweeps the rows that have expired as it writes. */
export const PURGE_EVERY_S = 60;

const passwordKey = (email: string, ip: string) => `password|${email}|${ip}`;
const accountPasswordKey = (email: string) => `password|${email}`;
const codeKey = (email: string) => `code|${email}`;

/**
 * Failure counters and locks of sign-in, kept in sign_in_throttle by normalised email (auth/identifiers.ts),
 * known or not, so that a lock never tells whether an email exists:
 * - wrong passwords per account and address (10 lock that address out for 30 minutes) and per account
 *   (50 from any address lock the account), so one person's typos or a stranger's guesses elsewhere
 *   do not lock a staff member out everywhere;
 * - wrong codes per account across all tickets (100 lock the account for 30 minutes).
 * A password reset lifts them all (liftAll).
 *
 * Every count forgets its failures once LOCK_S has passed without a new one, and a lock ends after
 * LOCK_S: a row whose last failure is older than that and that holds no live lock means nothing any
 * more, and is deleted by the next write's sweep (at most every PURGE_EVERY_S). So the table holds
 * only the failures of the last LOCK_S + PURGE_EVERY_S, whatever an attack sends (review of issue 18).
 */
export class SignInLimits {
  private lastPurgeAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: DbOrTx) {}

  /** Deletes the rows that have expired (see above), at most every PURGE_EVERY_S; answers how many. */
  async purgeExpired(now: number): Promise<number> {
    if (now - this.lastPurgeAt < PURGE_EVERY_S) return 0;
    this.lastPurgeAt = now;
    const t = signInThrottle;
    const gone = await this.db
      .delete(t)
      .where(and(lt(t.lastFailureAt, now - LOCK_S), or(isNull(t.lockedUntil), lte(t.lockedUntil, now))))
      .returning({ key: t.key });
    return gone.length;
  }

  /** Is this account locked for this address (by its password lock, the account's, or the code lock)? */
  async isLocked(email: string, ip: string, now: number): Promise<boolean> {
    const keys = [passwordKey(email, ip), accountPasswordKey(email), codeKey(email)];
    const rows = await this.db
      .select({ key: signInThrottle.key })
      .from(signInThrottle)
      .where(and(inArray(signInThrottle.key, keys), gt(signInThrottle.lockedUntil, now)));
    return rows.length > 0;
  }

  /** Counts a wrong password for the account from this address and for the account as a whole. */
  async passwordFailed(email: string, ip: string, now: number): Promise<void> {
    await this.purgeExpired(now);
    await this.countFailure(passwordKey(email, ip), email, now, PASSWORD_FAILURES_PER_ADDRESS);
    await this.countFailure(accountPasswordKey(email), email, now, PASSWORD_FAILURES_PER_ACCOUNT);
  }

  /** The right password from this address: its own count starts again (the account's does not). */
  async passwordSucceeded(email: string, ip: string): Promise<void> {
    await this.db.delete(signInThrottle).where(eq(signInThrottle.key, passwordKey(email, ip)));
  }

  /**
   * Spends one code check of the account before the code is compared, so parallel guesses cannot pass
   * the limit: 'locked' when the account is locked or has no checks left, else the checks spent so far.
   */
  async spendCodeCheck(email: string, now: number): Promise<'locked' | number> {
    await this.purgeExpired(now);
    const key = codeKey(email);
    const t = signInThrottle;
    const [row] = await this.db
      .insert(t)
      .values({ key, account: email, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          // A lock that has ended, or failures older than LOCK_S, start a fresh count (as the sweep
          // would have); a live lock keeps its count.
          failures: sql`case when ${t.lockedUntil} > ${now} then ${t.failures} when ${t.lockedUntil} is not null or ${t.lastFailureAt} < ${now - LOCK_S} then 1 else ${t.failures} + 1 end`,
          lockedUntil: sql`case when ${t.lockedUntil} > ${now} then ${t.lockedUntil} else null end`,
          lastFailureAt: now,
        },
      })
      .returning();
    if (!row || (row.lockedUntil !== null && row.lockedUntil > now)) return 'locked';
    if (row.failures > CODE_FAILURES_PER_ACCOUNT) return 'locked';
    return row.failures;
  }

  /** The code was right: the spent check was no failure, and the count starts again. */
  async codeSucceeded(email: string): Promise<void> {
    await this.db.delete(signInThrottle).where(eq(signInThrottle.key, codeKey(email)));
  }

  /**
   * After the last allowed wrong code: locks the account for 30 minutes. True for the one caller that
   * set the lock (who mails the owner), false when it was already locked.
   */
  async lockForCodes(email: string, now: number): Promise<boolean> {
    const t = signInThrottle;
    const locked = await this.db
      .update(t)
      .set({ lockedUntil: now + LOCK_S })
      .where(and(eq(t.key, codeKey(email)), or(isNull(t.lockedUntil), lte(t.lockedUntil, now))))
      .returning({ key: t.key });
    return locked.length > 0;
  }

  /** A password reset proves the mailbox: every count and lock of the account goes. */
  async liftAll(email: string): Promise<void> {
    await this.db.delete(signInThrottle).where(eq(signInThrottle.account, email));
  }

  /** Adds a failure under key (forgetting failures older than the lock period); the max-th locks it. */
  private async countFailure(key: string, account: string, now: number, max: number): Promise<void> {
    const t = signInThrottle;
    await this.db
      .insert(t)
      .values({ key, account, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures: sql`case when ${t.lastFailureAt} < ${now - LOCK_S} or (${t.lockedUntil} is not null and ${t.lockedUntil} <= ${now}) then 1 else ${t.failures} + 1 end`,
          lockedUntil: sql`case when ${t.lockedUntil} > ${now} then ${t.lockedUntil} else null end`,
          lastFailureAt: now,
        },
      });
    await this.db
      .update(t)
      .set({ lockedUntil: now + LOCK_S })
      .where(
        and(eq(t.key, key), sql`${t.failures} >= ${max}`, or(isNull(t.lockedUntil), lte(t.lockedUntil, now))),
      );
  }
}
