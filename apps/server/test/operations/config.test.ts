import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

/**
 * The outbox's timing settings (docs/product.md [config]): defaults, and combinations that cannot be safe.
 */
describe('outbox configuration', () => {
  it('defaults to a 120 s lease, a 300 s settle window, 90 days of retention and a 10 s MT5 wait', () => {
    const c = loadConfig({});
    expect(c.operations).toEqual({ leaseSeconds: 120, settleSeconds: 300, retentionDays: 90 });
    expect(c.mt5TimeoutSeconds).toBe(10);
  });

  it('takes the variables', () => {
    const c = loadConfig({
      OPERATIONS_LEASE_SECONDS: '60',
      OPERATIONS_SETTLE_SECONDS: '600',
      OPERATIONS_RETENTION_DAYS: '30',
      MT5_TIMEOUT_SECONDS: '5',
    });
    expect(c.operations).toEqual({ leaseSeconds: 60, settleSeconds: 600, retentionDays: 30 });
    expect(c.mt5TimeoutSeconds).toBe(5);
  });

  it('refuses a lease or a window a send could outlast, naming the variable', () => {
    expect(() => loadConfig({ OPERATIONS_LEASE_SECONDS: '20' })).toThrow(/OPERATIONS_LEASE_SECONDS/);
    expect(() => loadConfig({ OPERATIONS_SETTLE_SECONDS: '10' })).toThrow(/OPERATIONS_SETTLE_SECONDS/);
    expect(() => loadConfig({ OPERATIONS_SETTLE_SECONDS: 'soon' })).toThrow(/OPERATIONS_SETTLE_SECONDS/);
  });
});
