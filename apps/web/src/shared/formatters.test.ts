import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatEpoch, formatLeverage, fullName } from './formatters.ts';

describe('formatters', () => {
  it('shows epoch seconds as YYYY/MM/DD HH:mm:ss in local time', () => {
    const seconds = dayjs('2024-03-05T07:08:09').unix();
    expect(formatEpoch(seconds)).toBe('2024/03/05 07:08:09');
    expect(formatEpoch(null)).toBe('');
    expect(formatEpoch(undefined)).toBe('');
  });

  it('shows amounts with 2 decimals and nothing for no value', () => {
    expect(formatAmount(1234.5)).toBe('1234.50');
    expect(formatAmount('12')).toBe('12.00');
    expect(formatAmount(-0.001)).toBe('0.00');
    expect(formatAmount(-5)).toBe('-5.00');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount('abc')).toBe('');
  });

  it('shows leverage as 1:N unless it already has a colon', () => {
    expect(formatLeverage(500)).toBe('1:500');
    expect(formatLeverage('200')).toBe('1:200');
    expect(formatLeverage('1:100')).toBe('1:100');
    expect(formatLeverage(undefined)).toBe('');
  });

  it('joins names without stray spaces', () => {
    expect(fullName('Ann', 'Lee')).toBe('Ann Lee');
    expect(fullName('Ann', '')).toBe('Ann');
  });
});
