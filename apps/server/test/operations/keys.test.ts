import { describe, expect, it } from 'vitest';
import { baseKeyOf, keyPrefix, keyReference, parseOperationKey } from '../../src/operations/index.ts';
import { fundingKey } from '../../src/features/reconciliation/legs.ts';

const id = '64f0a1b2c3d4e5f6a7b8c9d0';

describe('operation keys, read one way', () => {
  it('splits a key and its repeats into feature, reference and repeat number', () => {
    expect(parseOperationKey(`dep:${id}`)).toEqual({ prefix: 'dep', reference: id, repeat: null });
    expect(parseOperationKey(`trd:${id}:2`)).toEqual({ prefix: 'trd', reference: id, repeat: '2' });
    expect(keyPrefix(`wd:${id}:1`)).toBe('wd');
    expect(keyReference(`acc:${id}`)).toBe(id);
    expect(baseKeyOf(`dep:${id}:3`)).toBe(`dep:${id}`);
    expect(baseKeyOf(`dep:${id}`)).toBe(`dep:${id}`);
  });

  it('names the funding request of a deal comment, and nothing for a comment that is not one', () => {
    expect(fundingKey(`dep:${id}`)).toEqual({ prefix: 'dep', requestType: 'deposit', requestId: id });
    expect(fundingKey(`trs:${id}:1`)).toEqual({ prefix: 'trs', requestType: 'transfer', requestId: id });
    for (const comment of [
      `acc:${id}`, // an account operation, not a funding request
      `dep:${id}:1:2`,
      `dep:${id}:`,
      `dep:${id}:x`,
      `dep:${id.slice(1)}`,
      'constructor:' + id,
      'Deposit from the bank',
      '',
    ]) {
      expect(fundingKey(comment), comment).toBeNull();
    }
  });
});
