import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { auditLog, platformOperations } from '../../src/db/schema.ts';
import { PlatformError, type TradingPlatform } from '../../src/integrations/platform/types.ts';
import {
  baseKeyOf,
  enqueueOperation,
  OperationWorker,
  type EnqueueInput,
  type OperationRow,
  type OperationWorkerDeps,
  type RoundTally,
  type SettledHandler,
  type SettledOutcome,
} from '../../src/operations/index.ts';

/** A small seeded generator (mulberry32), so fault sequences repeat from run to run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type HandlerCall = { key: string; state: string; outcome: SettledOutcome };

/**
 * Handlers for the given prefixes that remember each call. Each reads the operation's row through
 * the transaction it was given: seeing it already final proves it runs in the settling transaction.
 */
export function recordingHandlers(prefixes: string[]): {
  handlers: Record<string, SettledHandler>;
  calls: HandlerCall[];
} {
  const calls: HandlerCall[] = [];
  const handler: SettledHandler = async (tx, op, outcome) => {
    const [row] = await tx.select().from(platformOperations).where(eq(platformOperations.id, op.id));
    calls.push({ key: op.idempotencyKey, state: row!.state, outcome });
  };
  return { handlers: Object.fromEntries(prefixes.map((p) => [p, handler])), calls };
}

export async function operation(db: Db, key: string): Promise<OperationRow> {
  const [row] = await db.select().from(platformOperations).where(eq(platformOperations.idempotencyKey, key));
  if (!row) throw new Error(`no operation ${key}`);
  return row;
}

export async function auditOf(db: Db, key: string) {
  return db.select().from(auditLog).where(eq(auditLog.entityId, key));
}

export async function unsettled(db: Db): Promise<number> {
  const rows = await db
    .select({ id: platformOperations.id })
    .from(platformOperations)
    .where(inArray(platformOperations.state, ['queued', 'running']));
  return rows.length;
}

const empty = (): RoundTally => ({
  claimed: 0,
  succeeded: 0,
  failed: 0,
  retried: 0,
  unknown: 0,
  resolved: 0,
  lost: 0,
});

/**
 * Rounds of every worker at once, moving the clock past any back-off between rounds, until nothing is
 * left to run. `between` runs before each round (to arm faults, for example) with the number unsettled.
 */
export async function drain(
  db: Db,
  workers: OperationWorker[],
  clock: { advance: (s: number) => void },
  o: { maxRounds?: number; between?: (round: number, unsettled: number) => void } = {},
): Promise<RoundTally & { rounds: number }> {
  const total = empty();
  let rounds = 0;
  for (let left = await unsettled(db); left > 0; left = await unsettled(db)) {
    if (rounds >= (o.maxRounds ?? 200)) throw new Error(`operations still unsettled after ${rounds} rounds`);
    o.between?.(rounds, left);
    rounds++;
    const tallies = await Promise.all(workers.map((w) => w.runOnce()));
    for (const t of tallies) for (const k of Object.keys(total) as (keyof RoundTally)[]) total[k] += t[k];
    clock.advance(3_600);
  }
  return { ...total, rounds };
}

type Method = 'balance' | 'createAccount' | 'setLeverage';

/**
 * Wraps a platform so the next `times` calls of `method` go through and then report an unknown
 * outcome, as when the reply is lost after the platform applied the change.
 */
export function losingReplies(platform: TradingPlatform, method: Method, times = 1): TradingPlatform {
  let left = times;
  const lose = async <T>(run: () => Promise<T>): Promise<T> => {
    const value = await run();
    if (left-- > 0) throw new PlatformError('unknown', 'Reply lost after the change was applied');
    return value;
  };
  const wrapped = Object.create(platform) as TradingPlatform;
  if (method === 'balance') wrapped.balance = (...a) => lose(() => platform.balance(...a));
  if (method === 'createAccount') wrapped.createAccount = (...a) => lose(() => platform.createAccount(...a));
  if (method === 'setLeverage') wrapped.setLeverage = (...a) => lose(() => platform.setLeverage(...a));
  return wrapped;
}

/**
 * Wraps a platform to check that no two calls for one deal comment are ever in flight at once (shared
 * `seen` across workers), and to count balance calls per comment.
 */
export function watched(
  platform: TradingPlatform,
  seen: { inFlight: Set<string>; overlaps: string[]; balanceCalls: Map<string, number> },
): TradingPlatform {
  const exclusive = async <T>(key: string, run: () => Promise<T>): Promise<T> => {
    // A request's look-up names every key it can have had, its send one of them: both are its base key.
    const comment = baseKeyOf(key);
    if (seen.inFlight.has(comment)) seen.overlaps.push(comment);
    seen.inFlight.add(comment);
    try {
      return await run();
    } finally {
      seen.inFlight.delete(comment);
    }
  };
  const wrapped = Object.create(platform) as TradingPlatform;
  wrapped.balance = (login, amount, comment) =>
    exclusive(comment, () => {
      seen.balanceCalls.set(comment, (seen.balanceCalls.get(comment) ?? 0) + 1);
      return platform.balance(login, amount, comment);
    });
  wrapped.findDeal = (login, comments, since) =>
    exclusive(typeof comments === 'string' ? comments : comments[0]!, () =>
      platform.findDeal(login, comments, since),
    );
  return wrapped;
}

export const newWatch = () => ({
  inFlight: new Set<string>(),
  overlaps: [] as string[],
  balanceCalls: new Map<string, number>(),
});

/** A random non-zero amount with two decimals in [-max, max]. */
export function randomAmount(random: () => number, max: number): number {
  const cents = Math.floor(random() * max * 100) + 1;
  return (random() < 0.5 ? -cents : cents) / 100;
}

let serial = 0;
/** A fresh idempotency key under `prefix`, shaped as the app's are (`dep:000…1`). */
export const key = (prefix: string) => `${prefix}:${(++serial).toString(16).padStart(24, '0')}`;

/** The worker the worker tests run: on their platform, with their recording handlers, and `over`. */
export const workerOn = (deps: OperationWorkerDeps, over: Partial<OperationWorkerDeps> = {}) =>
  new OperationWorker({ ...deps, ...over });

/** Enqueues an operation as a feature does, stamped with the clock's now. */
export const enqueueAt = (db: Db, clock: { now(): number }, op: Omit<EnqueueInput, 'now'>) =>
  db.transaction((tx) => enqueueOperation(tx, { ...op, now: clock.now() } as EnqueueInput));
