import { checkingMtStatus, MT_STATUS_CHECKING } from '@brokerdesk/contract';
import type { LookupResult, SendResult } from './attempt.ts';

/**
 * What becomes of an operation after a round. `settleUntil` set on a queued operation means an earlier
 * send's outcome is unknown: nothing is sent before that time, only looked up (docs/product.md [money]).
 */
export type Decision =
  | { state: 'succeeded'; result: Record<string, unknown> }
  | { state: 'failed'; error: string; code?: number }
  | { state: 'queued'; error: string; nextAttemptAt: number; settleUntil: number | null };

export type RetryPolicy = {
  maxAttempts: number;
  /** Seconds to wait before the attempt after attempt number `attempt` (from 1). */
  backoff: (attempt: number) => number;
  /** How long an unknown outcome is waited out (OPERATIONS_SETTLE_SECONDS). */
  settleSeconds: number;
};

export const DEFAULT_MAX_ATTEMPTS = 20;
export const DEFAULT_SETTLE_SECONDS = 300;

/** 5 s, 10 s, 20 s … capped at 5 minutes: a platform that is down for an hour costs ~15 tries. */
export function defaultBackoff(attempt: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempt - 1), 300);
}

/**
 * Kinds whose unknown outcome may have moved money or created an account: they are never marked failed
 * while the outcome is unknown, since the platform may hold what the console would call failed.
 */
const NEVER_ABANDON_UNCERTAIN = new Set(['balance', 'createAccount']);

type Op = { kind: string; attempts: number };

/**
 * The wait before the next try. Never longer than the settle window: `attempts` also counts the
 * look-ups made while an unknown outcome was waited out, so after one window the backoff alone would
 * already be minutes long, and one transient failure then would hold the request for that long.
 */
const wait = (policy: RetryPolicy, attempts: number) =>
  Math.max(0, Math.min(Math.ceil(policy.backoff(attempts)), policy.settleSeconds));

/**
 * After a look-up. Answers undefined when the operation may be sent now: nothing was found and no
 * window is open, or the window is over (this look-up, at or after its end, is the one that decides).
 */
export function afterLookup(
  look: LookupResult,
  op: Op,
  settleUntil: number | null,
  policy: RetryPolicy,
  now: number,
): Decision | undefined {
  if (look.found === true) return { state: 'succeeded', result: look.result };
  const open = settleUntil !== null && now < settleUntil;
  const next = (n: number) => (open ? Math.min(n, settleUntil) : n);
  if (look.found === 'unknown') {
    return {
      state: 'queued',
      error: look.error,
      nextAttemptAt: next(now + wait(policy, op.attempts)),
      settleUntil,
    };
  }
  if (open) {
    return {
      state: 'queued',
      error: `${checkingMtStatus(settleUntil)}: the last send's outcome is unknown; not sent again before then`,
      nextAttemptAt: next(now + wait(policy, op.attempts)),
      settleUntil,
    };
  }
  if (settleUntil !== null && op.attempts >= policy.maxAttempts && !NEVER_ABANDON_UNCERTAIN.has(op.kind)) {
    return { state: 'failed', error: `Not applied after ${op.attempts} attempts` };
  }
  return undefined;
}

export function afterSend(sent: SendResult, op: Op, policy: RetryPolicy, now: number): Decision {
  if (sent.outcome === 'applied') return { state: 'succeeded', result: sent.result };
  if (sent.outcome === 'rejected') return { state: 'failed', error: sent.error, code: sent.code };
  if (sent.outcome === 'uncertain') {
    // It may still land: wait out the window, looking it up meanwhile, before anything is sent again.
    const settleUntil = now + policy.settleSeconds;
    return {
      state: 'queued',
      error: `${MT_STATUS_CHECKING}: ${sent.error}`,
      nextAttemptAt: Math.min(now + wait(policy, 1), settleUntil),
      settleUntil,
    };
  }
  if (op.attempts >= policy.maxAttempts) return { state: 'failed', error: sent.error, code: sent.code };
  return {
    state: 'queued',
    error: sent.error,
    nextAttemptAt: now + wait(policy, op.attempts),
    settleUntil: null,
  };
}
