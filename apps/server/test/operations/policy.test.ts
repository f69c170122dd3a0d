import { describe, expect, it } from 'vitest';
import { afterLookup, afterSend, defaultBackoff, type RetryPolicy } from '../../src/operations/policy.ts';

const policy = (settleSeconds: number): RetryPolicy => ({
  maxAttempts: 20,
  backoff: defaultBackoff,
  settleSeconds,
});
const NOW = 1_000_000;

describe('retry waits', () => {
  it('grow with the attempts while they are shorter than the settle window', () => {
    const first = afterSend(
      { outcome: 'notApplied', error: 'busy' },
      { kind: 'balance', attempts: 1 },
      policy(300),
      NOW,
    );
    const fourth = afterSend(
      { outcome: 'notApplied', error: 'busy' },
      { kind: 'balance', attempts: 4 },
      policy(300),
      NOW,
    );
    expect(first).toMatchObject({ state: 'queued', nextAttemptAt: NOW + 5, settleUntil: null });
    expect(fourth).toMatchObject({ state: 'queued', nextAttemptAt: NOW + 40 });
  });

  // Look-ups during a settle window count as attempts: after one window of look-ups a transient
  // failure must not hold a deposit for minutes longer than the window the operator configured.
  it('never exceed the settle window, after a transient send failure or a failed look-up', () => {
    const short = policy(15);
    const sent = afterSend(
      { outcome: 'notApplied', error: 'busy' },
      { kind: 'balance', attempts: 7 },
      short,
      NOW,
    );
    expect(sent).toMatchObject({ state: 'queued', nextAttemptAt: NOW + 15 });
    // The window ended (settleUntil in the past) and the deciding look-up failed.
    const looked = afterLookup(
      { found: 'unknown', error: 'Look-up failed: busy' },
      { kind: 'balance', attempts: 7 },
      NOW - 1,
      short,
      NOW,
    );
    expect(looked).toMatchObject({ state: 'queued', nextAttemptAt: NOW + 15 });
    // With the default window the cap of the backoff itself (5 minutes) still holds.
    const long = afterSend(
      { outcome: 'notApplied', error: 'busy' },
      { kind: 'balance', attempts: 12 },
      policy(300),
      NOW,
    );
    expect(long).toMatchObject({ nextAttemptAt: NOW + 300 });
  });

  it('inside an open window, stop at its end so the deciding look-up is on time', () => {
    const looked = afterLookup({ found: false }, { kind: 'balance', attempts: 3 }, NOW + 4, policy(15), NOW);
    expect(looked).toMatchObject({ state: 'queued', nextAttemptAt: NOW + 4, settleUntil: NOW + 4 });
  });
});
