import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { platformOperations, simDeals } from '../../src/db/schema.ts';
import { parseFaults } from '../../src/integrations/platform/faults.ts';
import { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { enqueueOperation, OperationWorker } from '../../src/operations/index.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { drain, newWatch, randomAmount, recordingHandlers, seededRandom, watched } from './support.ts';

const ACCOUNTS = 10;
const SEED_BALANCE = 1_000_000;
const account = {
  group: 'real\\standard',
  leverage: 100,
  passwordMain: 'Pa55!word',
  passwordInvestor: 'Inv3st!or',
};

/**
 * Many balance operations through faulty platforms and two workers at once. On PostgreSQL the two
 * workers really run side by side (separate connections); on PGlite its single session serialises them.
 */
describe(`operations soak on the simulator (${testDbKind})`, () => {
  let database: Database;
  const clock = manualClock();
  const random = seededRandom(2026);
  let logins: number[];

  beforeAll(async () => {
    database = await openTestDatabase();
    const setup = new SimulatorPlatform(database.db, clock);
    logins = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const { login } = await setup.createAccount({ ...account, name: `Soak ${i}` });
      await setup.balance(login, SEED_BALANCE, `seed:${login}`);
      logins.push(login);
    }
  });
  afterAll(() => database.close());

  /** Enqueues `count` random deposits and withdrawals under `prefix`; answers the amount per key. */
  async function enqueueRandom(
    prefix: string,
    count: number,
    from = 0,
  ): Promise<Map<string, { login: number; amount: number }>> {
    const ops = new Map<string, { login: number; amount: number }>();
    for (let i = from; i < from + count; i++) {
      const login = logins[Math.floor(random() * logins.length)]!;
      const amount = randomAmount(random, 5_000);
      const key = `${amount > 0 ? 'dep' : 'wd'}:${prefix}${i.toString(16).padStart(20, '0')}`;
      ops.set(key, { login, amount });
      await database.db.transaction((tx) =>
        enqueueOperation(tx, { key, kind: 'balance', payload: { login, amount }, now: clock.now() }),
      );
    }
    return ops;
  }

  /** Every key has exactly one deal of its amount, and nothing else moved. */
  async function expectLedger(prefix: string, ops: Map<string, { login: number; amount: number }>) {
    const all = await database.db.select().from(simDeals);
    const ours = all.filter((d) => d.comment.slice(d.comment.indexOf(':') + 1).startsWith(prefix));
    expect(ours).toHaveLength(ops.size);
    const perLogin = new Map<number, number>();
    for (const d of ours) {
      expect(ops.get(d.comment)).toEqual({ login: d.login, amount: d.amount });
      perLogin.set(d.login, (perLogin.get(d.login) ?? 0) + d.amount * 100);
    }
    const expected = new Map<number, number>();
    for (const { login, amount } of ops.values())
      expected.set(login, (expected.get(login) ?? 0) + amount * 100);
    for (const login of logins) {
      expect(Math.round(perLogin.get(login) ?? 0)).toBe(Math.round(expected.get(login) ?? 0));
    }
  }

  it('200 balance ops through error=0.2,timeout=0.1,lost=0.1 settle with the ledger equal to what was enqueued', async () => {
    const faults = parseFaults('error=0.2,timeout=0.1,lost=0.1');
    const watch = newWatch();
    const recorder = recordingHandlers(['dep', 'wd']);
    const workers = [1, 2].map(
      (n) =>
        new OperationWorker({
          db: database.db,
          platforms: watched(new SimulatorPlatform(database.db, clock, faults, seededRandom(n)), watch),
          clock,
          handlers: recorder.handlers,
          batchSize: 25,
        }),
    );
    // Half first, then the rest while the first half is still being retried.
    const ops = await enqueueRandom('a', 100);
    await Promise.all(workers.map((w) => w.runOnce()));
    for (const [k, v] of await enqueueRandom('a', 100, 100)) ops.set(k, v);
    const tally = await drain(database.db, workers, clock);

    const rows = await database.db
      .select()
      .from(platformOperations)
      .where(like(platformOperations.idempotencyKey, '%:a%'));
    expect(rows).toHaveLength(200);
    expect(rows.filter((r) => r.state !== 'succeeded')).toEqual([]);
    expect(recorder.calls).toHaveLength(200);
    expect(new Set(recorder.calls.map((c) => c.key)).size).toBe(200);
    await expectLedger('a', ops);
    expect(watch.overlaps).toEqual([]);
    expect(tally.retried).toBeGreaterThan(0);
    expect(tally.resolved).toBeGreaterThan(0);
    console.log(
      `operations soak: ${ops.size} ops, ${tally.retried} retries, ${tally.unknown} unknown outcomes, ` +
        `${tally.resolved} resolved by lookup, ${tally.rounds} rounds (${testDbKind}), ledger matches`,
    );
    // Heavier than most: give it room on a busy 2-core machine.
  }, 120_000);

  it('two workers racing runOnce never run one operation at the same time or apply it twice', async () => {
    const watch = newWatch();
    const recorder = recordingHandlers(['dep', 'wd']);
    const workers = [3, 4].map(
      (n) =>
        new OperationWorker({
          db: database.db,
          platforms: watched(
            new SimulatorPlatform(database.db, clock, parseFaults(''), seededRandom(n)),
            watch,
          ),
          clock,
          handlers: recorder.handlers,
          batchSize: 10,
        }),
    );
    const ops = await enqueueRandom('b', 100);
    const tallies = [];
    for (let round = 0; round < 10; round++)
      tallies.push(...(await Promise.all(workers.map((w) => w.runOnce()))));
    expect(tallies.reduce((n, t) => n + t.claimed, 0)).toBe(100);
    expect(tallies.reduce((n, t) => n + t.lost, 0)).toBe(0);
    expect([...watch.balanceCalls.values()].every((n) => n === 1)).toBe(true);
    expect(watch.balanceCalls.size).toBe(100);
    expect(watch.overlaps).toEqual([]);
    expect(recorder.calls).toHaveLength(100);
    await expectLedger('b', ops);
    // Heavier than most: give it room on a busy 2-core machine.
  }, 120_000);
});
