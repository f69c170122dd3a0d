import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { calls, MESSAGES, STAFF_MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { users } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/db/rows.ts';

const PASSWORD = 'Correct-Horse-1';
/** Rounds of each race: on PostgreSQL the two transactions interleave differently from round to round. */
const ROUNDS = 6;

type Reply = { status: number; body: { errors?: Record<string, string> } };

/**
 * Two SYSOPs demoting or disabling each other at the same moment. Before,
 * each transaction locked its own target's row and then the other SYSOPs': on PostgreSQL each waited
 * for the other's lock, one was aborted as a deadlock, and its caller got a 500. Now both lock every
 * active SYSOP and the rows they name in id order: one goes first, the other then sees its result.
 *
 * On PostgreSQL both requests are held at a gate (the test holds the users table in EXCLUSIVE mode,
 * which plain reads pass and row locks wait for) until both have passed sign-in checks and wait for
 * their first row lock; then the gate opens and they race. On PGlite transactions run one at a time,
 * so the second request may find its session already ended by the first (401), which is also right.
 */
describe(`two SYSOPs acting on each other at once (${testDbKind})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    for (const name of ['ann', 'bob', 'cid'])
      ids[name] = await t.createUser({ email: `${name}@race.test`, password: PASSWORD, role: 'SYSOP', name });
  });
  afterAll(() => t.stop());

  /** Makes exactly `names` the active SYSOPs (the rest are ADMINs) and signs each of them in. */
  async function sysops(names: string[]): Promise<Record<string, string>> {
    await t.db
      .update(users)
      .set({ role: 'ADMIN', status: 'approved' })
      .where(inArray(users.id, Object.values(ids)));
    await t.db
      .update(users)
      .set({ role: 'SYSOP' })
      .where(
        inArray(
          users.id,
          names.map((n) => ids[n]!),
        ),
      );
    const tokens: Record<string, string> = {};
    for (const n of names) tokens[n] = await t.signIn(`${n}@race.test`, PASSWORD);
    return tokens;
  }
  const update = (token: string, body: object) =>
    t.raw<Reply['body']>(calls.staff.updateStaff, { body }, t.auth(token));
  /** Sends both calls at once; on PostgreSQL only once both wait for their first row lock. */
  async function race(a: () => Promise<Reply>, b: () => Promise<Reply>): Promise<Reply[]> {
    if (testDbKind !== 'postgres') return Promise.all([a(), b()]);
    let replies: Promise<Reply[]> | undefined;
    await t.db.transaction(async (gate) => {
      await gate.execute(sql`lock table users in exclusive mode`);
      replies = Promise.all([a(), b()]);
      // Both transactions are queued behind the gate's lock (pg_locks shows their ungranted requests).
      for (;;) {
        const waiting = rowsOf<{ n: number }>(
          await t.db.execute(
            sql`select count(*)::int as n from pg_locks where not granted and relation = 'users'::regclass`,
          ),
        )[0]!.n;
        if (waiting >= 2) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    return replies!;
  }
  /** The caller who lost: its change is refused, with `refusal` (or 401 where its session already ended first). */
  function expectOneWins(replies: Reply[], refusal: number, errors: object) {
    const statuses = replies.map((r) => r.status).sort();
    const detail = JSON.stringify(replies.map((r) => r.body));
    const allowed = testDbKind === 'postgres' ? [refusal] : [refusal, 401];
    expect(statuses[0], detail).toBe(200);
    expect(allowed, detail).toContain(statuses[1]);
    const lost = replies.find((r) => r.status === refusal);
    if (lost) expect(lost.body.errors).toEqual(errors);
  }
  const activeSysops = async () =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'SYSOP'), ne(users.status, 'disabled')))
    ).length;

  for (const change of [{ role: 'ADMIN' }, { status: 'disabled' }] as const) {
    it(`the last two: one ${JSON.stringify(change)} succeeds, the other is a 409 with the spec's words, never a 500`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const tok = await sysops(['ann', 'bob']);
        const replies = await race(
          () => update(tok.ann!, { _id: ids.bob, ...change }),
          () => update(tok.bob!, { _id: ids.ann, ...change }),
        );
        expectOneWins(replies, 409, { server: STAFF_MESSAGES.lastSysop });
        expect(await activeSysops()).toBe(1);
      }
    });
  }

  it('with a third SYSOP: one demotion goes through, the other caller has lost the right to act (403)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const tok = await sysops(['ann', 'bob', 'cid']);
      const replies = await race(
        () => update(tok.ann!, { _id: ids.bob, role: 'ADMIN' }),
        () => update(tok.bob!, { _id: ids.ann, status: 'disabled' }),
      );
      expectOneWins(replies, 403, { auth: MESSAGES.forbidden });
      // Only one of the two lost SYSOP standing; cid is untouched.
      expect(await activeSysops()).toBe(2);
    }
  });
});
