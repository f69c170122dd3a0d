import { describe, expect, it } from 'vitest';
import { groupMaskMatcher } from './group-mask.ts';

describe('MT5 group masks', () => {
  const groups = ['real', 'real\\ecn-usd', 'real\\standard-usd', 'demo\\ecn-usd', 'realtime'];
  const matched = (mask: string) => groups.filter(groupMaskMatcher(mask));

  it('names one group exactly, backslashes and dots taken literally', () => {
    expect(matched('real')).toEqual(['real']);
    expect(matched('real\\ecn-usd')).toEqual(['real\\ecn-usd']);
    expect(matched('real.ecn-usd')).toEqual([]);
  });

  it('takes several names, * for any text, and ! to leave groups out', () => {
    expect(matched('real,demo\\ecn-usd')).toEqual(['real', 'demo\\ecn-usd']);
    expect(matched('real\\*')).toEqual(['real\\ecn-usd', 'real\\standard-usd']);
    expect(matched('*ecn*')).toEqual(['real\\ecn-usd', 'demo\\ecn-usd']);
    expect(matched('real*,!real\\standard-usd, !realtime')).toEqual(['real', 'real\\ecn-usd']);
    expect(matched('!real')).toEqual([]);
    expect(matched('')).toEqual([]);
  });
});
