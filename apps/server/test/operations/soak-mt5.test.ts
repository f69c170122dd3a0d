import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { platformOperations } from '../../src/db/schema.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { enqueueOperation, OperationWorker } from '../../src/operations/index.ts';
import { connect, newAccount, SHORT_TIMEOUT_MS, startFake } from '../mt5/harness.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import type { FakeMt5Server } from '../support/fake-mt5/index.ts';
import { drain, randomAmount, recordingHandlers, seededRandom } from './support.ts';

const BALANCE = '/api/trade/balance';
const DEALS = '/api/deal/get_batch';
const SEED = 100_000;
const OPS = 80;
const IMPOSSIBLE = 4;
/** Each held call costs one client timeout of real time: a few are enough to prove the point. */
const TIMEOUT_BUDGET = 3;

/**
 * Before each round: up to four faults on the balance and deal-lookup calls, chosen by the seeded
 * generator. Faults left over from the round before are cleared and fewer are armed as the work runs
 * out, so that the last few operations do not meet a pile of faults meant for eighty (they would
 * rightly be failed after maxAttempts transient refusals, which is not what this soak is about).
 */
function armer(fake: FakeMt5Server, random: () => number) {
  let timeouts = 0;
  let armed = 0;
  const arm = (_round: number, unsettled: number) => {
    fake.faults.clear();
    for (let slot = 0; slot < 4; slot++) {
      if (random() >= Math.min(1, unsettled / 20)) continue;
      const target = { path: random() < 0.75 ? BALANCE : DEALS, times: 1 + Math.floor(random() * 3) };
      const pick = Math.floor(random() * 6);
      if (pick === 0) fake.faults.applyButLoseReply(target);
      else if (pick === 1) fake.faults.drop(target);
      else if (pick === 2) fake.faults.frequent(target);
      else if (pick === 3) fake.faults.refuse({ ...target, retcode: 10 });
      else if (pick === 4) fake.faults.refuse({ ...target, status: 503 });
      else if (timeouts < TIMEOUT_BUDGET) {
        timeouts++;
        fake.faults.timeout({ path: target.path });
      } else continue;
      armed++;
    }
  };
  return { arm, armed: () => armed };
}

describe(`operations soak on MT5 (fake server, ${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('balance ops through lost replies, drops, timeouts, FREQUENT and refusals: ledger == approved ops', async () => {
    const clock = manualClock();
    const random = seededRandom(31);
    const { fake, url } = await startFake();
    // Small rounds, so faults are armed often. Two workers with a session each, as two server processes would have.
    const clients = [
      connect(url, { timeoutMs: SHORT_TIMEOUT_MS, now: clock.now }),
      connect(url, { timeoutMs: SHORT_TIMEOUT_MS, now: clock.now }),
    ];
    const logins: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { login } = await clients[0]!.createAccount({ ...newAccount, name: `Soak ${i}` });
      await clients[0]!.balance(login, SEED, `seed:${login}`);
      logins.push(login);
    }

    const ops = new Map<string, { login: number; amount: number }>();
    for (let i = 0; i < OPS + IMPOSSIBLE; i++) {
      const login = logins[i % logins.length]!;
      // The last few withdraw far more than any account holds: MT5 refuses them (10019).
      const amount = i >= OPS ? -5_000_000 : randomAmount(random, 2_000);
      const key = `${amount > 0 ? 'dep' : 'wd'}:${i.toString(16).padStart(24, '0')}`;
      ops.set(key, { login, amount });
      await database.db.transaction((tx) =>
        enqueueOperation(tx, { key, kind: 'balance', payload: { login, amount }, now: clock.now() }),
      );
    }

    const recorder = recordingHandlers(['dep', 'wd']);
    const workers = clients.map(
      (platforms) =>
        new OperationWorker({ db: database.db, platforms, clock, handlers: recorder.handlers, batchSize: 3 }),
    );
    const faults = armer(fake, random);
    const tally = await drain(database.db, workers, clock, { between: faults.arm });

    const rows = await database.db.select().from(platformOperations);
    const failed = rows.filter((r) => r.state === 'failed');
    expect(rows.filter((r) => r.state === 'succeeded')).toHaveLength(OPS);
    expect(failed.map((r) => ops.get(r.idempotencyKey)!.amount)).toEqual(Array(IMPOSSIBLE).fill(-5_000_000));
    expect(failed.map((r) => r.lastError)).toEqual(Array(IMPOSSIBLE).fill(expect.stringContaining('10019')));
    expect(recorder.calls).toHaveLength(OPS + IMPOSSIBLE);

    // Exactly one deal per approved op, none for a refused one, and balances that add up.
    const approved = new Set(rows.filter((r) => r.state === 'succeeded').map((r) => r.idempotencyKey));
    for (const login of logins) {
      const deals = fake.ledger.deals(login).filter((d) => !d.comment.startsWith('seed:'));
      expect(deals.map((d) => d.comment).sort()).toEqual(
        [...approved].filter((k) => ops.get(k)!.login === login).sort(),
      );
      for (const d of deals) expect(d.profit).toBe(ops.get(d.comment)!.amount);
      const cents = [...approved]
        .filter((k) => ops.get(k)!.login === login)
        .reduce((sum, k) => sum + Math.round(ops.get(k)!.amount * 100), SEED * 100);
      expect(Math.round(fake.ledger.account(login)!.balance * 100)).toBe(cents);
    }
    expect(tally.unknown).toBeGreaterThan(0);
    console.log(
      `operations soak (fake MT5): ${ops.size} ops, ${faults.armed()} faults armed, ${tally.retried} retries, ` +
        `${tally.unknown} unknown outcomes, ${tally.resolved} resolved by lookup, ${IMPOSSIBLE} refused, ` +
        `${fake.counters.balanceCalls} balance calls, ledger matches`,
    );
    // Heavier than most: give it room on a busy 2-core machine.
  }, 120_000);
});
