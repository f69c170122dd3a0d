import { describe, expect, it } from 'vitest';
import { FUNDING_LEGS, FUNDING_REQUEST_TYPES } from '@brokerdesk/contract';
import { LEG_KINDS, REQUEST_KINDS, legOfPrefix, requestLegKeys } from '../../src/features/funding/kinds.ts';
import { fundingCheckingHandlers } from '../../src/features/funding/handlers.ts';
import { ACCOUNT_KEYS } from '../../src/features/accounts/keys.ts';
import { fundingKey } from '../../src/features/reconciliation/legs.ts';
import { assertKeyPrefix, MAX_KEY_LENGTH } from '../../src/operations/keys.ts';

const ID = '64f0a1b2c3d4e5f6a7b8c9d0';

describe('the funding kinds registry', () => {
  it('gives every leg a prefix of its own, apart from the accounts area, that fits a deal comment with repeats', () => {
    const prefixes = FUNDING_LEGS.map((leg) => LEG_KINDS[leg].prefix);
    for (const p of prefixes) expect(() => assertKeyPrefix(p)).not.toThrow();
    expect(new Set([...prefixes, ...Object.values(ACCOUNT_KEYS)]).size).toBe(
      prefixes.length + Object.values(ACCOUNT_KEYS).length,
    );
    for (const p of prefixes) expect(`${p}:${ID}:9`.length).toBeLessThanOrEqual(MAX_KEY_LENGTH);
  });

  it('places every leg in exactly one request kind, the one it names', () => {
    const placed = FUNDING_REQUEST_TYPES.flatMap((type) =>
      REQUEST_KINDS[type].legs.map((leg) => ({ leg, type })),
    );
    expect(placed.map((p) => p.leg).sort()).toEqual([...FUNDING_LEGS].sort());
    for (const { leg, type } of placed) expect(LEG_KINDS[leg].requestType).toBe(type);
  });

  it('is what the worker and reconciliation read: each comment back to its request', () => {
    for (const leg of FUNDING_LEGS) {
      const { prefix, requestType, writeMtStatus } = LEG_KINDS[leg];
      expect(Object.hasOwn(fundingCheckingHandlers, prefix), leg).toBe(writeMtStatus !== null);
      expect(legOfPrefix(prefix)).toBe(leg);
      expect(fundingKey(`${prefix}:${ID}:2`)).toEqual({ prefix, requestType, requestId: ID });
    }
    expect(legOfPrefix(ACCOUNT_KEYS.leverage)).toBeUndefined();
    expect(legOfPrefix('constructor')).toBeUndefined();
    expect(requestLegKeys('transfer', ID)).toEqual([`trs:${ID}`, `trd:${ID}`, `trr:${ID}`]);
  });
});
