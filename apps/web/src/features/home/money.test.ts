import { describe, expect, it } from 'vitest';
import type { ActivityDay } from '@brokerdesk/contract';
import { chartPoints, formatCompact, formatMoney, shortDate, totalsByCurrency } from './money.ts';

const days: ActivityDay[] = [
  {
    date: '2026-11-25',
    start: 1,
    deposits: [{ currency: 'USD', count: 2, amount: 150.5 }],
    withdrawals: [{ currency: 'EUR', count: 1, amount: 20 }],
  },
  {
    date: '2026-11-26',
    start: 2,
    deposits: [{ currency: 'USD', count: 1, amount: 49.5 }],
    withdrawals: [{ currency: 'USD', count: 1, amount: 100 }],
  },
];

describe('dashboard money', () => {
  it('gives the chart one point per day for the chosen currency, zero where nothing moved', () => {
    expect(chartPoints(days, 'USD')).toEqual([
      { date: '25 Nov', deposits: 150.5, withdrawals: 0 },
      { date: '26 Nov', deposits: 49.5, withdrawals: 100 },
    ]);
    expect(chartPoints(days, 'GBP').every((p) => p.deposits === 0 && p.withdrawals === 0)).toBe(true);
  });

  it('adds the days up per currency, every currency listed', () => {
    expect(totalsByCurrency(days)).toEqual([
      {
        currency: 'EUR',
        deposits: { currency: 'EUR', count: 0, amount: 0 },
        withdrawals: { currency: 'EUR', count: 1, amount: 20 },
        net: -20,
      },
      {
        currency: 'GBP',
        deposits: { currency: 'GBP', count: 0, amount: 0 },
        withdrawals: { currency: 'GBP', count: 0, amount: 0 },
        net: 0,
      },
      {
        currency: 'USD',
        deposits: { currency: 'USD', count: 3, amount: 200 },
        withdrawals: { currency: 'USD', count: 1, amount: 100 },
        net: 100,
      },
    ]);
  });

  it('formats dates and amounts for the screen', () => {
    expect(shortDate('2026-01-05')).toBe('5 Jan');
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatCompact(12_345)).toBe('12.3K');
  });
});
