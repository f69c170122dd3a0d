import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { parseFaults } from '../../src/integrations/platform/faults.ts';
import { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';
import type { TradingPlatform } from '../../src/integrations/platform/types.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { enqueueOperation, OperationWorker, type EnqueueInput } from '../../src/operations/index.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { operation, recordingHandlers, seededRandom } from './support.ts';

describe(`a stopping operations worker (${testDbKind})`, () => {
  let database: Database;
  let sim: SimulatorPlatform;
  const clock = manualClock();

  beforeAll(async () => {
    database = await openTestDatabase();
    sim = new SimulatorPlatform(database.db, clock, parseFaults(''), seededRandom(3));
  });
  afterAll(() => database.close());

  it('settles the operation in hand and claims no further one (SIGTERM)', async () => {
    const keys: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const { login } = await sim.createAccount({
        name: `Stop ${i}`,
        group: 'real\\standard',
        leverage: 100,
        passwordMain: 'Pa55!word',
        passwordInvestor: 'Inv3st!or',
      });
      const key = `dep:${String(i).padStart(24, '0')}`;
      keys.push(key);
      await database.db.transaction((tx) =>
        enqueueOperation(tx, {
          key,
          kind: 'balance',
          payload: { login, amount: 10 },
          now: clock.now(),
        } as EnqueueInput),
      );
    }
    // The simulator, except that the server is told to stop while the first credit is on its way. The
    // test waits for that moment itself, however long the claim takes, not for a number of ticks.
    let asked = false;
    let stopCalled!: (stop: Promise<void>) => void;
    const stopped = new Promise<void>((resolve) => (stopCalled = resolve));
    const platform: TradingPlatform = Object.create(sim);
    platform.balance = (...args) => {
      if (!asked) stopCalled(worker.stop());
      asked = true;
      return sim.balance(...args);
    };
    const worker = new OperationWorker({
      db: database.db,
      platforms: platform,
      clock,
      handlers: recordingHandlers(['dep']).handlers,
    });
    worker.start(60_000);
    await stopped;
    const states = await Promise.all(keys.map(async (k) => (await operation(database.db, k)).state));
    expect(states).toEqual(['succeeded', 'queued', 'queued']);
  });
});
