import { isIPv6 } from 'node:net';
import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { signInThrottle } from '../db/schema.ts';

/** A password count forgets its failures once this long has passed without a new one. */
export const FORGET_S = 60 * 60;
/** Wrong passwords that cost nothing (typos) per account, per account and address, and per device. */
export const FREE_FAILURES = 3;
/** The same across every account from one address: an office behind one NAT shares it. */
export const FREE_ADDRESS_FAILURES = 10;
/** The most the account's failures make anyone wait (docs/decisions.md "Sign-in without lockouts"). */
export const ACCOUNT_DELAY_CAP_S = 60;
/** The most an address's (or a device's) own failures make it wait. */
export const ADDRESS_DELAY_CAP_S = 15 * 60;
/** Wrong passwords for an account from unknown devices before its owner is mailed. */
export const ALERT_AFTER = 10;
/** The owner of an account under attack is mailed at most this often. */
export const ALERT_EVERY_S = 60 * 60;
/** How long the code lock lasts, and how long a code failure is remembered without a new one. */
export const CODE_LOCK_S = 30 * 60;
/** Wrong codes for one account across all its tickets before it is locked (NIST 800-63B: at most 100). */
export const CODE_FAILURES_PER_ACCOUNT = 100;
/** At most this often (by the app's clock) a SignInLimits sweeps the rows that have expired as it writes. */
export const PURGE_EVERY_S = 60;

/** Seconds to wait after `failures` failures: none for the first `free`, then 1, 2, 4 ... up to `cap`. */
export function delayAfter(failures: number, free: number, cap: number): number {
  return failures <= free ? 0 : Math.min(cap, 2 ** Math.min(failures - free - 1, 30));
}

/**
 * The address as limits count it: IPv4 as it is, IPv6 by its /64 (as @fastify/rate-limit groups it),
 * since one subscriber holds a whole /64; an IPv4-mapped IPv6 address as the IPv4 one.
 */
export function addressGroup(ip: string): string {
  const address = ip.toLowerCase().split('%')[0]!;
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const accountKey = (email: string) => `password|${email}`;
const pairKey = (email: string, address: string) => `password|${email}|${address}`;
const addressKey = (address: string) => `password@${address}`;
const deviceKey = (deviceId: string) => `device|${deviceId}`;
const codeKey = (email: string) => `code|${email}`;

type Row = typeof signInThrottle.$inferSelect;

/** A password check that may go ahead (its failure already counted) or must wait retryAfter seconds. */
export type PasswordAttempt =
  | { allowed: false; retryAfter: number }
  | {
      allowed: true;
      /** The count that starts again on the right password: this address's (or device's) for the account. */
      own: string;
      /** Counts shared with others (the account's, the address's), given back one on the right password. */
      shared: string[];
      /** The account's failures from unknown devices, this one included (0 from a known device). */
      accountFailures: number;
    };

/**
 * Failure counts of sign-in, kept in sign_in_throttle by normalised email (auth/identifiers.ts), known
 * or not, so that no answer tells whether an email exists. Wrong passwords slow sign-in down; nothing
 * an outsider sends locks anyone out (docs/decisions.md "Sign-in without lockouts"):
 * - from a known device (one that completed a sign-in to the account): only that device's own failures
 *   count, so others' failures never slow it;
 * - from anywhere else: the address's failures on this account and across all accounts make it wait up
 *   to ADDRESS_DELAY_CAP_S, and once it has failed on the account, the account's failures from
 *   everywhere make it wait up to ACCOUNT_DELAY_CAP_S more after its own last failure. An address that
 *   has not failed on the account is never held back by others, so no number of addresses taking
 *   turns can keep the owner out.
 * A check spends its failure before the password is compared (and gives it back when the password was
 * right), so parallel guesses cannot pass a delay. Wrong codes: 100 across all tickets lock the account
 * for 30 minutes (this needs the password). A password reset lifts every count (liftAll).
 *
 * A count forgets its failures FORGET_S after the last one; a row that holds nothing live any more is
 * deleted by the next write's sweep (at most every PURGE_EVERY_S), so the table holds only the last
 * hour or so of failures, whatever an attack sends.
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
      .where(
        and(
          lt(t.lastFailureAt, now - FORGET_S),
          or(isNull(t.lockedUntil), lte(t.lockedUntil, now)),
          // The owner's last notice is kept for its hour, so a pause in an attack mails no one again.
          or(isNull(t.notifiedAt), lte(t.notifiedAt, now - ALERT_EVERY_S)),
        ),
      )
      .returning({ key: t.key });
    return gone.length;
  }

  /** Seconds left on the account's code lock (0: none). */
  async codeLockLeft(email: string, now: number): Promise<number> {
    const [row] = await this.db
      .select({ until: signInThrottle.lockedUntil })
      .from(signInThrottle)
      .where(and(eq(signInThrottle.key, codeKey(email)), gt(signInThrottle.lockedUntil, now)));
    return row?.until ? row.until - now : 0;
  }

  /**
   * Decides whether a password may be checked now for this account from this address (or known device,
   * by its id) and, if so, counts it as a failure first; passwordSucceeded gives it back.
   */
  async beginPasswordCheck(
    email: string,
    ip: string,
    deviceId: string | null,
    now: number,
  ): Promise<PasswordAttempt> {
    await this.purgeExpired(now);
    const address = addressGroup(ip);
    // Sorted, so that concurrent checks lock shared rows in one order.
    const keys = (
      deviceId ? [deviceKey(deviceId)] : [addressKey(address), accountKey(email), pairKey(email, address)]
    ).sort();
    const t = signInThrottle;
    return this.db.transaction(async (tx) => {
      // Every row exists before it is locked: a check racing another on a key never seen before waits
      // for it here instead of both reading no row and both going ahead.
      await tx
        .insert(t)
        .values(
          keys.map((key) => ({
            key,
            account: key.startsWith('password@') ? address : email,
            failures: 0,
            lastFailureAt: now,
          })),
        )
        .onConflictDoNothing();
      const rows = await tx.select().from(t).where(inArray(t.key, keys)).orderBy(t.key).for('update');
      const row = (key: string) => rows.find((r) => r.key === key);
      const live = (r: Row | undefined) => (r && r.lastFailureAt >= now - FORGET_S ? r.failures : 0);
      const waitOn = (r: Row | undefined, failures: number, free: number, cap: number) =>
        r && failures > 0 ? r.lastFailureAt + delayAfter(failures, free, cap) : 0;

      let until: number;
      if (deviceId) {
        const device = row(deviceKey(deviceId));
        until = waitOn(device, live(device), FREE_FAILURES, ADDRESS_DELAY_CAP_S);
      } else {
        const pair = row(pairKey(email, address));
        const byAddress = row(addressKey(address));
        until = Math.max(
          waitOn(pair, live(pair), FREE_FAILURES, ADDRESS_DELAY_CAP_S),
          waitOn(byAddress, live(byAddress), FREE_ADDRESS_FAILURES, ADDRESS_DELAY_CAP_S),
          // The account's failures from everywhere, counted from this address's own last failure on it.
          live(pair) > 0 ? waitOn(pair, live(row(accountKey(email))), FREE_FAILURES, ACCOUNT_DELAY_CAP_S) : 0,
        );
      }
      if (until > now) return { allowed: false, retryAfter: until - now };

      await tx
        .update(t)
        .set({
          failures: sql`case when ${t.lastFailureAt} < ${now - FORGET_S} then 1 else ${t.failures} + 1 end`,
          lastFailureAt: now,
        })
        .where(inArray(t.key, keys));
      return deviceId
        ? { allowed: true, own: deviceKey(deviceId), shared: [], accountFailures: 0 }
        : {
            allowed: true,
            own: pairKey(email, address),
            shared: [accountKey(email), addressKey(address)],
            accountFailures: live(row(accountKey(email))) + 1,
          };
    });
  }

  /**
   * The right password: the failure spent on it is given back, and this address's (or device's) own
   * count for the account starts again. The account's and the address's counts keep their other failures.
   */
  async passwordSucceeded(attempt: Extract<PasswordAttempt, { allowed: true }>): Promise<void> {
    const t = signInThrottle;
    await this.db.delete(t).where(eq(t.key, attempt.own));
    if (attempt.shared.length)
      await this.db
        .update(t)
        .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
        .where(inArray(t.key, attempt.shared));
  }

  /**
   * Whether the owner should be mailed about failed sign-ins now: true for the one caller that marks
   * the account as mailed, at most once every ALERT_EVERY_S.
   */
  async claimAlert(email: string, now: number): Promise<boolean> {
    const t = signInThrottle;
    const claimed = await this.db
      .update(t)
      .set({ notifiedAt: now })
      .where(
        and(eq(t.key, accountKey(email)), or(isNull(t.notifiedAt), lte(t.notifiedAt, now - ALERT_EVERY_S))),
      )
      .returning({ key: t.key });
    return claimed.length > 0;
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
          // A lock that has ended, or failures older than CODE_LOCK_S, start a fresh count (as the
          // sweep would have); a live lock keeps its count.
          failures: sql`case when ${t.lockedUntil} > ${now} then ${t.failures} when ${t.lockedUntil} is not null or ${t.lastFailureAt} < ${now - CODE_LOCK_S} then 1 else ${t.failures} + 1 end`,
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
      .set({ lockedUntil: now + CODE_LOCK_S })
      .where(and(eq(t.key, codeKey(email)), or(isNull(t.lockedUntil), lte(t.lockedUntil, now))))
      .returning({ key: t.key });
    return locked.length > 0;
  }

  /** A password reset proves the mailbox: every count and lock of the account goes. */
  async liftAll(email: string): Promise<void> {
    await this.db.delete(signInThrottle).where(eq(signInThrottle.account, email));
  }
}
