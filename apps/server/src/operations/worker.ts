import type { Db } from '../db/client.ts';
import type { TradingPlatform } from '../integrations/platform/types.ts';
import type { Clock } from '../lib/clock.ts';
import { attemptOperation, errorText, type AttemptResult } from './attempt.ts';
import { toHandlerMap, type SettledHandler, type SettledHandlers } from './handlers.ts';
import { keyPrefix } from './keys.ts';
import { parseOperation } from './kinds.ts';
import { decide, defaultBackoff, DEFAULT_MAX_ATTEMPTS, type RetryPolicy } from './policy.ts';
import { claimOperations, releaseOperation, settleOperation, type ClaimedOperation } from './store.ts';

export type WorkerLog = {
  debug?: (obj: object, msg: string) => void;
  warn?: (obj: object, msg: string) => void;
  error?: (obj: object, msg: string) => void;
};

export type OperationWorkerDeps = {
  db: Db;
  /** Platforms by TradingPlatform.name (operations name theirs); a single one stands for itself. */
  platforms: Record<string, TradingPlatform> | TradingPlatform;
  clock: Clock;
  handlers: SettledHandlers;
  log?: WorkerLog;
  /** Most operations run per round. */
  batchSize?: number;
  /**
   * How long a claimed operation stays this worker's. It must exceed the longest platform call
   * (the MT5 client's timeout times its tries): a lease that ran out while the call was still in
   * flight would let another worker look the deal up too early and send it a second time.
   */
  leaseSeconds?: number;
  backoff?: (attempt: number) => number;
  maxAttempts?: number;
};

export type RoundTally = {
  claimed: number;
  succeeded: number;
  failed: number;
  /** Put back in the queue for a later attempt. */
  retried: number;
  /** Attempts whose outcome was unknown (timeout, lost reply, a failed lookup). */
  unknown: number;
  /** Operations found already applied by an earlier attempt, so not sent again. */
  resolved: number;
  /** Operations another worker claimed again after this one's lease ran out. */
  lost: number;
};

const DEFAULT_INTERVAL_MS = 2_000;

/**
 * Runs the platform-operations outbox: claims due operations, calls the platform outside any
 * transaction, and records each result with its feature's SettledHandler. Any number of workers may
 * run against one database; claims and leases keep each operation with one of them at a time.
 */
export class OperationWorker {
  private readonly platforms: Map<string, TradingPlatform>;
  private readonly handlers: Map<string, SettledHandler>;
  private readonly policy: RetryPolicy;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly log: WorkerLog;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private again = false;
  private started = false;

  constructor(private readonly deps: OperationWorkerDeps) {
    const p = deps.platforms;
    this.platforms = isPlatform(p) ? new Map([[p.name, p]]) : new Map(Object.entries(p));
    this.handlers = toHandlerMap(deps.handlers);
    this.policy = {
      maxAttempts: deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      backoff: deps.backoff ?? defaultBackoff,
    };
    this.batchSize = deps.batchSize ?? 20;
    this.leaseSeconds = deps.leaseSeconds ?? 120;
    this.log = deps.log ?? {};
  }

  /** Runs a round now and then every `intervalMs`, until stop(). */
  start(intervalMs = DEFAULT_INTERVAL_MS): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Waits for the round in progress; no new round starts afterwards. */
  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    await this.round;
  }

  /**
   * Asks for a round now, e.g. by a route that has just enqueued. Rounds never overlap: a wake during
   * a round runs one more round after it. Does nothing unless started (tests call runOnce instead).
   */
  wake(): void {
    if (!this.started) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = this.loop().finally(() => (this.round = undefined));
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const tally = await this.runOnce();
        // A full round suggests more are due.
        if (tally.claimed >= this.batchSize) this.again = true;
      } catch (err) {
        this.log.error?.({ err: errorText(err) }, 'platform operations round failed');
      }
    } while (this.again && this.started);
  }

  /**
   * One round: up to batchSize operations, claimed one at a time so that each lease covers a single
   * platform call (the MT5 session runs calls one after another, so a batch would share one lease).
   */
  async runOnce(): Promise<RoundTally> {
    const tally: RoundTally = {
      claimed: 0,
      succeeded: 0,
      failed: 0,
      retried: 0,
      unknown: 0,
      resolved: 0,
      lost: 0,
    };
    const platforms = [...this.platforms.keys()];
    while (tally.claimed < this.batchSize) {
      const [op] = await claimOperations(this.deps.db, {
        now: this.deps.clock.now(),
        limit: 1,
        leaseSeconds: this.leaseSeconds,
        platforms,
      });
      if (!op) break;
      tally.claimed++;
      await this.run(op, tally);
    }
    return tally;
  }

  private async run(op: ClaimedOperation, tally: RoundTally): Promise<void> {
    const key = op.idempotencyKey;
    if (op.leaseExpired) {
      this.log.warn?.(
        { key, attempts: op.attempts },
        'platform operation was abandoned mid-call; resolving it',
      );
    }
    const attempt = await this.attempt(op);
    if (attempt.outcome === 'uncertain') tally.unknown++;
    if (attempt.outcome === 'applied' && attempt.foundEarlier) tally.resolved++;
    const now = this.deps.clock.now();
    const decision = decide(attempt, op, this.policy, now);
    const handler = this.handlers.get(keyPrefix(key));
    if (!handler && decision.state !== 'queued') {
      this.log.warn?.({ key }, 'no settled handler registered for this operation key prefix');
    }
    try {
      const row = await settleOperation(this.deps.db, op, decision, now, handler);
      if (!row) {
        tally.lost++;
        this.log.warn?.({ key }, 'platform operation lease ran out before it settled; left to its new owner');
        return;
      }
      if (decision.state === 'succeeded') tally.succeeded++;
      else if (decision.state === 'failed') tally.failed++;
      else tally.retried++;
      if (decision.state === 'queued' && decision.uncertain && op.attempts >= this.policy.maxAttempts) {
        this.log.error?.(
          { key, attempts: op.attempts, error: decision.error },
          'platform operation outcome still unknown',
        );
      } else if (decision.state !== 'succeeded') {
        this.log.debug?.(
          { key, state: decision.state, error: decision.error },
          'platform operation not applied',
        );
      }
    } catch (err) {
      // The result could not be recorded (the handler threw, or the database failed). Queue it again:
      // the next attempt finds what this one applied instead of applying it twice.
      this.log.error?.({ key, err: errorText(err) }, 'recording a platform operation result failed');
      tally.retried++;
      await releaseOperation(this.deps.db, op, {
        now,
        nextAttemptAt: now + Math.ceil(this.policy.backoff(op.attempts)),
        error: `Recording the result failed: ${errorText(err)}`,
      }).catch(() => undefined); // the lease runs out instead, with the same effect
    }
  }

  private async attempt(op: ClaimedOperation): Promise<AttemptResult> {
    const parsed = parseOperation(op.kind, op.payload);
    if (!parsed.ok) return { outcome: 'rejected', error: parsed.error };
    const platform = this.platforms.get(op.platform);
    if (!platform) return { outcome: 'notApplied', error: `No platform named ${op.platform}` };
    // attempts already counts this claim: above 1, an earlier attempt may have applied it.
    return attemptOperation(platform, parsed.op, op.attempts > 1);
  }
}

function isPlatform(p: Record<string, TradingPlatform> | TradingPlatform): p is TradingPlatform {
  return typeof (p as TradingPlatform).balance === 'function';
}
