import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { platformOperations } from '../../src/db/schema.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { enqueueOperation, OperationWorker } from '../../src/operations/index.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { ModelPlatform, type CallMode } from './model-platform.ts';

const LEASE = 120;
const SETTLE = 300;
/**
 * The platform's longest processing: shorter than the settle window, as
 * docs/product.md [money.unknown-outcome] requires.
 */
const MAX_PROCESSING = 250;

type Step =
  | { do: 'approve'; login: number }
  | { do: 'run'; worker: number; modes: CallMode[] }
  | { do: 'advance'; seconds: number; landings: boolean[] }
  | { do: 'land'; i: number }
  | { do: 'release'; i: number }
  | { do: 'kill'; i: number }
  | { do: 'restart'; worker: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ do: fc.constant('approve' as const), login: fc.integer({ min: 1, max: 2 }) }),
  {
    weight: 4,
    arbitrary: fc.record({
      do: fc.constant('run' as const),
      worker: fc.integer({ min: 0, max: 1 }),
      modes: fc.array(fc.constantFrom<CallMode>('apply', 'lose', 'late', 'refuse', 'hold'), { maxLength: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant('advance' as const),
      // Around the back-off, the lease (120) and the settle window (300).
      seconds: fc.constantFrom(5, 30, 130, 301),
      landings: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    }),
  },
  fc.record({ do: fc.constant('land' as const), i: fc.nat(3) }),
  fc.record({ do: fc.constant('release' as const), i: fc.nat(3) }),
  fc.record({ do: fc.constant('kill' as const), i: fc.nat(3) }),
  fc.record({ do: fc.constant('restart' as const), worker: fc.integer({ min: 0, max: 1 }) }),
);

/**
 * The outbox's property (docs/product.md [money]): the worker driven through random interleavings of
 * approvals, sends, late landings, lost replies, calls held past their lease, lease expiry, killed and
 * restarted workers and a second worker never makes two deals for one key, and makes exactly one once things are quiet.
 */
describe(`outbox worker under random interleavings (${testDbKind})`, () => {
  let database: Database;
  let serial = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('at most one deal per key at every step, exactly one when quiet', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
        await database.db.delete(platformOperations);
        const clock = manualClock();
        const platform = new ModelPlatform(clock.now, MAX_PROCESSING);
        const make = () =>
          new OperationWorker({
            db: database.db,
            platforms: platform,
            clock,
            handlers: {},
            leaseSeconds: LEASE,
            settleSeconds: SETTLE,
          });
        const workers = [make(), make()];
        // The rounds of workers whose call is held, in the order of platform.held.
        const heldRounds: Promise<unknown>[] = [];
        /** Waits for a round to end, or to be held again (then it joins the held ones). */
        const follow = async (round: Promise<unknown>) => {
          const held = platform.whenHeld();
          if ((await Promise.race([round.then(() => 'done'), held.then(() => 'held')])) === 'held') {
            heldRounds.push(round);
            return 'held';
          }
          return 'done';
        };
        const keys: string[] = [];
        const atMostOnce = () => {
          for (const k of keys) expect(platform.dealsFor(k), k).toBeLessThanOrEqual(1);
        };

        for (const s of steps) {
          switch (s.do) {
            case 'approve': {
              const key = `dep:${(++serial).toString(16).padStart(24, '0')}`;
              keys.push(key);
              await database.db.transaction((tx) =>
                enqueueOperation(tx, {
                  key,
                  kind: 'balance',
                  payload: { login: s.login, amount: 10 },
                  now: clock.now(),
                }),
              );
              break;
            }
            case 'run': {
              platform.script(s.modes);
              // A held call keeps its worker waiting: that worker goes on only if the call is released.
              if ((await follow(workers[s.worker]!.runOnce())) === 'held') workers[s.worker] = make();
              break;
            }
            case 'advance':
              platform.expire((i) => s.landings[i % s.landings.length]!, clock.now() + s.seconds);
              clock.advance(s.seconds);
              break;
            case 'land':
              platform.land(s.i);
              break;
            case 'release': {
              const round = heldRounds.splice(s.i, 1)[0];
              platform.release(s.i);
              // The released worker records what it learnt (and may go on) before the next step.
              if (round) await follow(round);
              break;
            }
            case 'kill':
              // The killed worker's round is dropped with it: its call never answers.
              void heldRounds.splice(s.i, 1);
              platform.kill(s.i);
              break;
            case 'restart':
              workers[s.worker] = make();
              break;
          }
          atMostOnce();
        }

        // Quiet: held calls' processes die, requests in flight land or not, and time passes.
        while (platform.held.length > 0) platform.kill(0);
        platform.expire((i) => i % 2 === 0, Number.MAX_SAFE_INTEGER);
        platform.script([]);
        for (let round = 0; round < 40; round++) {
          const open = await database.db
            .select({ id: platformOperations.id })
            .from(platformOperations)
            .where(inArray(platformOperations.state, ['queued', 'running']));
          if (open.length === 0) break;
          clock.advance(SETTLE + LEASE);
          await make().runOnce();
          atMostOnce();
        }
        for (const k of keys) expect(platform.dealsFor(k), k).toBe(1);
        const ops = await database.db.select().from(platformOperations);
        expect(ops.every((o) => o.state === 'succeeded')).toBe(true);
      }),
      {
        numRuns: 60,
        examples: [
          // A call held in its client's queue past the lease: another worker takes over, waits out the
          // window, sends; then the held call leaves the queue. Only its deadline stops a second deal.
          [
            [
              { do: 'approve', login: 1 },
              { do: 'run', worker: 0, modes: ['hold'] },
              { do: 'advance', seconds: 130, landings: [true, true, true, true] },
              { do: 'run', worker: 1, modes: [] },
              { do: 'advance', seconds: 301, landings: [true, true, true, true] },
              { do: 'run', worker: 1, modes: [] },
              { do: 'release', i: 0 },
            ],
          ],
          // MT5 applies a request after the client gave up and after a look-up found nothing.
          [
            [
              { do: 'approve', login: 1 },
              { do: 'run', worker: 0, modes: ['late'] },
              { do: 'advance', seconds: 5, landings: [true, true, true, true] },
              { do: 'run', worker: 1, modes: [] },
              { do: 'land', i: 0 },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
