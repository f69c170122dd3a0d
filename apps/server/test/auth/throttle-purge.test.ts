import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, like } from 'drizzle-orm';
import { calls, MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { fromAddress } from '../support/from-address.ts';
import { signInThrottle } from '../../src/db/schema.ts';
import { CODE_LOCK_S, FORGET_S, PURGE_EVERY_S } from '../../src/auth/sign-in-limits.ts';

const PASSWORD = 'Correct-Horse-1';

/**
 * sign_in_throttle rows expire and are swept: every wrong password for an email that was never seen
 * before adds rows, so without the sweep an attack naming ever new emails would grow the table without end.
 */
describe(`sign-in throttle rows expire and are purged (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  const rows = async (prefix = '') =>
    (
      await t.db
        .select({ n: count() })
        .from(signInThrottle)
        .where(like(signInThrottle.account, `${prefix}%`))
    )[0]!.n;
  const wrong = (address: string, email: string, password = 'Wrong-Guess-1') =>
    fromAddress(t.base, address)(calls.auth.loginAdmin, { email, password });

  it('keeps only the last FORGET_S of failures under an attack that names a new email every time', async () => {
    const ROUNDS = 20;
    const PER_ROUND = 8;
    const STEP = 5 * 60;
    let peak = 0;
    for (let round = 0; round < ROUNDS; round++) {
      t.clock.advance(STEP);
      for (let i = 0; i < PER_ROUND; i++) {
        const r = await wrong(`127.0.9.${1 + round}`, `spray-${round}-${i}@purge.test`);
        expect(r.status).toBe(400);
      }
      peak = Math.max(peak, await rows('spray-'));
    }
    // Two rows per failure (the account's count and the account-and-address one; the address's own
    // row is one per address). Without the sweep: every one.
    const all = ROUNDS * PER_ROUND * 2;
    // With it: only rounds whose failures are younger than FORGET_S + PURGE_EVERY_S remain.
    const live = (Math.floor((FORGET_S + PURGE_EVERY_S) / STEP) + 1) * PER_ROUND * 2;
    expect(peak).toBeLessThanOrEqual(live);
    expect(live).toBeLessThan(all);
    expect(await rows('spray-')).toBeLessThanOrEqual(live);
  });

  it('keeps a live code lock and fresh counts, and deletes what has expired', async () => {
    const locked = 'kept.lock@purge.test';
    const counted = 'kept.count@purge.test';
    await t.createUser({ email: locked, password: PASSWORD });
    await t.createUser({ email: counted, password: PASSWORD });
    t.clock.advance(FORGET_S + PURGE_EVERY_S);
    await wrong('127.0.0.85', 'old-1@purge.test');
    await wrong('127.0.0.85', 'old-2@purge.test');
    expect(await rows('old-')).toBe(4);

    // Later, but before the old failures expire: one account's code lock (as 100 wrong codes set it),
    // and wrong passwords for another from one address.
    t.clock.advance(FORGET_S - 60);
    const lockedAt = t.clock.now();
    await t.db.insert(signInThrottle).values({
      key: `code|${locked}`,
      account: locked,
      failures: 100,
      lastFailureAt: lockedAt,
      lockedUntil: lockedAt + CODE_LOCK_S,
    });
    for (let i = 0; i < 4; i++) expect((await wrong('127.0.0.86', counted)).status).toBe(400);
    expect(await rows('old-')).toBe(4);

    // The old failures are now older than FORGET_S; the lock has most of its time to run.
    t.clock.advance(120);
    await wrong('127.0.0.87', 'trigger@purge.test');
    expect(await rows('old-')).toBe(0);
    // The code lock; the other account's count and its account-and-address count.
    expect(await rows('kept.lock')).toBe(1);
    expect(await rows('kept.count')).toBe(2);
    const still = await wrong('127.0.0.88', locked, PASSWORD);
    expect(still.status).toBe(429);
    expect(still.body).toMatchObject({ errors: { emailorpassword: MESSAGES.accountLocked } });
    expect(still.retryAfter).toBe(String(CODE_LOCK_S - 120));

    // Once lock and counts have run out, their rows go too, and the owner signs in from that address again.
    t.clock.advance(FORGET_S);
    await wrong('127.0.0.87', 'trigger-2@purge.test');
    expect(await rows('kept.')).toBe(0);
    expect((await wrong('127.0.0.88', locked, PASSWORD)).status).toBe(200);
    expect((await wrong('127.0.0.86', counted, PASSWORD)).status).toBe(200);
  });
});
