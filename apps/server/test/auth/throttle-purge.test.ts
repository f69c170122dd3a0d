import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, like } from 'drizzle-orm';
import { MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { fromAddress } from '../support/from-address.ts';
import { signInThrottle } from '../../src/db/schema.ts';
import { LOCK_S, PURGE_EVERY_S } from '../../src/auth/sign-in-limits.ts';

const PASSWORD = 'Correct-Horse-1';

/**
 * sign_in_throttle rows expire and are swept (review of issue 18, item 6): every wrong password for an
 * email that was never seen before adds rows, so without the sweep an attack naming ever new emails
 * would grow the table without end.
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
    fromAddress(t.base, address)('POST', '/api/users/loginAdmin', { email, password });

  it('keeps only the last LOCK_S of failures under an attack that names a new email every time', async () => {
    const ROUNDS = 10;
    const PER_ROUND = 8;
    const STEP = 5 * 60;
    let peak = 0;
    for (let round = 0; round < ROUNDS; round++) {
      t.clock.advance(STEP);
      for (let i = 0; i < PER_ROUND; i++) {
        const r = await wrong(`127.0.0.${81 + (round % 3)}`, `spray-${round}-${i}@purge.test`);
        expect(r.status).toBe(400);
      }
      peak = Math.max(peak, await rows('spray-'));
    }
    // Two rows per failure (the address's count and the account's). Without the sweep: every one.
    const all = ROUNDS * PER_ROUND * 2;
    // With it: only rounds whose failures are younger than LOCK_S + PURGE_EVERY_S remain.
    const live = (Math.floor((LOCK_S + PURGE_EVERY_S) / STEP) + 1) * PER_ROUND * 2;
    expect(peak).toBeLessThanOrEqual(live);
    expect(live).toBeLessThan(all);
    expect(await rows('spray-')).toBeLessThanOrEqual(live);
  });

  it('keeps a live lock and fresh counts, and deletes what has expired', async () => {
    const locked = 'kept.lock@purge.test';
    await t.createUser({ email: locked, password: PASSWORD });
    t.clock.advance(LOCK_S + PURGE_EVERY_S);
    await wrong('127.0.0.85', 'old-1@purge.test');
    await wrong('127.0.0.85', 'old-2@purge.test');
    expect(await rows('old-')).toBe(4);

    // Later, but before the old failures expire: ten wrong passwords lock one address out of an account.
    t.clock.advance(LOCK_S - 60);
    for (let i = 0; i < 10; i++) expect((await wrong('127.0.0.86', locked)).status).toBe(400);
    expect(await rows('old-')).toBe(4);

    // The old failures are now older than LOCK_S; the lock (set 120 s ago) has most of LOCK_S to run.
    t.clock.advance(120);
    await wrong('127.0.0.87', 'trigger@purge.test');
    expect(await rows('old-')).toBe(0);
    expect(await rows('kept.lock')).toBe(2);
    const still = await wrong('127.0.0.86', locked, PASSWORD);
    expect(still.status).toBe(429);
    expect(still.body).toMatchObject({ errors: { emailorpassword: MESSAGES.accountLocked } });

    // Once the lock has run out, its rows go too, and the owner signs in from that address again.
    t.clock.advance(LOCK_S);
    await wrong('127.0.0.87', 'trigger-2@purge.test');
    expect(await rows('kept.lock')).toBe(0);
    expect((await wrong('127.0.0.86', locked, PASSWORD)).status).toBe(200);
  });
});
