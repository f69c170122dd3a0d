import { describe, expect, it } from 'vitest';
import { codesLeftText, subcodesLeftText } from './ib-counters.ts';

describe('IB counters', () => {
  const counters = { availableIbCodes: 25, totalIbCodes: 42, availableSubcodes: 0, totalSubcodes: 272 };
  it('reads available/total', () => {
    expect(codesLeftText(counters)).toBe('Codes left: 25/42');
    expect(subcodesLeftText(counters)).toBe('Subcodes left: 0/272');
  });
});
