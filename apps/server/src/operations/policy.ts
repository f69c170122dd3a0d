import type { AttemptResult } from './attempt.ts';

/** What becomes of an operation after an attempt. */
export type Decision =
  | { state: 'succeeded'; result: Record<string, unknown> }
  | { state: 'failed'; error: string; code?: number }
  | { state: 'queued'; error: string; nextAttemptAt: number; uncertain: boolean };

export type RetryPolicy = {
  maxAttempts: number;
  /** Seconds to wait before the attempt after attempt number `attempt` (from 1). */
  backoff: (attempt: number) => number;
};

export const DEFAULT_MAX_ATTEMPTS = 20;

/** 5 s, 10 s, 20 s … capped at 5 minutes: a platform that is down for an hour costs ~15 tries. */
export function defaultBackoff(attempt: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempt - 1), 300);
}

/**
 * Kinds whose uncertain outcome may have moved money or created an account: they are never marked
 * failed while the outcome is unknown, since the platform may hold what the console would call failed.
 * They keep trying (at the capped back-off) until an attempt learns the truth.
 */
const NEVER_ABANDON_UNCERTAIN = new Set(['balance', 'createAccount']);

export function decide(
  attempt: AttemptResult,
  op: { kind: string; attempts: number },
  policy: RetryPolicy,
  now: number,
): Decision {
  if (attempt.outcome === 'applied') return { state: 'succeeded', result: attempt.result };
  if (attempt.outcome === 'rejected') return { state: 'failed', error: attempt.error, code: attempt.code };
  const uncertain = attempt.outcome === 'uncertain';
  const exhausted = op.attempts >= policy.maxAttempts;
  if (exhausted && !(uncertain && NEVER_ABANDON_UNCERTAIN.has(op.kind))) {
    return { state: 'failed', error: attempt.error, code: attempt.code };
  }
  const wait = Math.max(0, Math.ceil(policy.backoff(op.attempts)));
  const error = uncertain
    ? `Outcome unknown, to be checked before retrying: ${attempt.error}`
    : attempt.error;
  return { state: 'queued', error, nextAttemptAt: now + wait, uncertain };
}
