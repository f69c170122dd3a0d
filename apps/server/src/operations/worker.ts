import type { Db } from '../db/client.ts';
import type { TradingPlatform } from '../integrations/platform/types.ts';
import type { Clock } from '../lib/clock.ts';
import { errorText, lookupOperation, sendOperation } from './attempt.ts';
import { toHandlerMap, type CheckingHandler, type SettledHandler, type SettledHandlers } from './handlers.ts';
import { keyPrefix } from './keys.ts';
import { parseOperation } from './kinds.ts';
import {
  afterLookup,
  afterSend,
  defaultBackoff,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_SETTLE_SECONDS,
  type Decision,
  type RetryPolicy,
} from './policy.ts';
import {
  claimOperations,
  releaseOperation,
  settleOperation,
  type ClaimedOperation,
  type RoundStep,
} from './store.ts';

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
  /** Features told when one of their operations waits out its settle window ("Checking with MT5"). */
  checking?: Record<string, CheckingHandler>;
  log?: WorkerLog;
  /** Most operations run per round. */
  batchSize?: number;
  /**
   * How long a claimed operation stays this worker's (OPERATIONS_LEASE_SECONDS). No send starts in
   * the last quarter of it (at most 30 s): the worker that takes an expired lease over treats the
   * outcome as unknown and waits out the settle window, which a send started in time cannot outlast.
   */
  leaseSeconds?: number;
  /** OPERATIONS_SETTLE_SECONDS: how long an unknown outcome is waited out before a send. */
  settleSeconds?: number;
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
/** Kinds looked up before each send: a second balance deal or account is never harmless. */
const LOOK_BEFORE_SEND = new Set(['balance', 'createAccount']);

/**
 * Runs the platform-operations outbox: claims due operations, calls the platform outside any
 * transaction, and records each result with its feature's SettledHandler. Any number of workers may
 * run against one database; claims and leases keep each operation with one of them at a time.
 */
export class OperationWorker {
  private readonly platforms: Map<string, TradingPlatform>;
  private readonly handlers: Map<string, SettledHandler>;
  private readonly checking: Map<string, CheckingHandler>;
  private readonly policy: RetryPolicy;
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly log: WorkerLog;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private again = false;
  private started = false;
  /** Set by stop(): the operation in hand settles, no further one is claimed. */
  private stopping = false;

  constructor(private readonly deps: OperationWorkerDeps) {
    const p = deps.platforms;
    this.platforms = isPlatform(p) ? new Map([[p.name, p]]) : new Map(Object.entries(p));
    this.handlers = toHandlerMap(deps.handlers);
    this.checking = toHandlerMap(deps.checking ?? {});
    this.policy = {
      maxAttempts: deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      backoff: deps.backoff ?? defaultBackoff,
      settleSeconds: deps.settleSeconds ?? DEFAULT_SETTLE_SECONDS,
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
    this.stopping = true;
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
    while (tally.claimed < this.batchSize && !this.stopping) {
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
        'platform operation was abandoned mid-call; waiting out its outcome',
      );
    }
    const steps: RoundStep[] = [];
    const decision = await this.attempt(op, steps);
    if (steps.some((s) => s.step === 'send' && s.outcome === 'uncertain')) tally.unknown++;
    if (decision.state === 'succeeded' && steps.at(-1)?.step === 'lookup') tally.resolved++;
    const now = this.deps.clock.now();
    const prefix = keyPrefix(key);
    const handler = this.handlers.get(prefix);
    if (!handler && decision.state !== 'queued') {
      this.log.warn?.({ key }, 'no settled handler registered for this operation key prefix');
    }
    try {
      const row = await settleOperation(this.deps.db, op, decision, now, {
        handler,
        checking: this.checking.get(prefix),
        steps,
      });
      if (!row) {
        tally.lost++;
        this.log.warn?.({ key }, 'platform operation lease ran out before it settled; left to its new owner');
        return;
      }
      if (decision.state === 'succeeded') tally.succeeded++;
      else if (decision.state === 'failed') tally.failed++;
      else tally.retried++;
      if (decision.state !== 'succeeded') {
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
        settleUntil: sentMaybe(steps) ? now + this.policy.settleSeconds : op.settleUntil,
      }).catch(() => undefined); // the lease runs out instead, with the same effect
    }
  }

  /**
   * One round of an operation: look it up when an earlier send may have applied it, then send it unless
   * an unknown outcome is still being waited out or the lease is too close to its end.
   */
  private async attempt(op: ClaimedOperation, steps: RoundStep[]): Promise<Decision> {
    const clock = this.deps.clock;
    const parsed = parseOperation(op.kind, op.payload);
    if (!parsed.ok) return { state: 'failed', error: parsed.error };
    const platform = this.platforms.get(op.platform);
    if (!platform) {
      return {
        state: 'queued',
        error: `No platform named ${op.platform}`,
        nextAttemptAt: clock.now() + 60,
        settleUntil: op.settleUntil,
      };
    }
    let settleUntil = op.settleUntil;
    // A worker that held the lease may have sent just before it ran out: that send may still land.
    if (op.leaseExpired) settleUntil = Math.max(settleUntil ?? 0, clock.now() + this.policy.settleSeconds);
    // Looked up when an earlier send may have applied it, and before every send of money or of an
    // account: a database restored from a backup has forgotten sends the platform still holds.
    if (settleUntil !== null || LOOK_BEFORE_SEND.has(parsed.op.kind)) {
      const look = await lookupOperation(platform, parsed.op, {
        key: op.idempotencyKey,
        createdAt: op.createdAt,
      });
      const at = clock.now();
      steps.push({
        step: 'lookup',
        at,
        found: look.found,
        ...(look.found === 'unknown' ? { error: look.error } : {}),
      });
      const decided = afterLookup(look, op, settleUntil, this.policy, at);
      if (decided) return decided;
    }
    const deadline = (op.lockedUntil ?? 0) - sendMargin(this.leaseSeconds);
    if (clock.now() >= deadline) {
      steps.push({
        step: 'send',
        at: clock.now(),
        outcome: 'notSent',
        error: 'lease about to run out',
        deadline,
      });
      return {
        state: 'queued',
        error: 'Not sent: the lease was about to run out',
        nextAttemptAt: clock.now(),
        settleUntil: null,
      };
    }
    const sent = await sendOperation(platform, parsed.op, { deadline });
    const at = clock.now();
    steps.push({
      step: 'send',
      at,
      outcome: sent.outcome,
      ...(sent.outcome === 'applied' ? {} : { error: sent.error }),
      deadline,
    });
    return afterSend(sent, op, this.policy, at);
  }
}

/** The part of a lease in which no send starts: a quarter of it, between 1 and 30 seconds. */
export function sendMargin(leaseSeconds: number): number {
  return Math.max(1, Math.min(30, Math.floor(leaseSeconds / 4)));
}

/** Whether this round's send may have reached the platform (anything but a clean refusal). */
function sentMaybe(steps: readonly RoundStep[]): boolean {
  const send = steps.find((s) => s.step === 'send');
  return (
    send !== undefined &&
    send.outcome !== 'notSent' &&
    send.outcome !== 'rejected' &&
    send.outcome !== 'notApplied'
  );
}

function isPlatform(p: Record<string, TradingPlatform> | TradingPlatform): p is TradingPlatform {
  return typeof (p as TradingPlatform).balance === 'function';
}
