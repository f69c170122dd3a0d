import type { MenuCounters } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { NAV_GROUPS, groupBadge } from './nav-items.ts';

const group = (label: string) => NAV_GROUPS.find((g) => g.label === label)!;
const counters = {
  newDeposits: 3,
  newWithdrawals: 4,
  newTransfers: 0,
  criticalMismatches: 2,
} as MenuCounters;

describe('a folded sidebar group', () => {
  it('shows the sum of its links’ badges, counted as they count', () => {
    expect(groupBadge(group('FUNDING'), counters)).toEqual({ count: 7, label: 'new' });
    expect(groupBadge(group('CONTROL'), counters)).toEqual({ count: 2, label: 'critical' });
    expect(groupBadge(group('CONTROL'), { ...counters, criticalMismatches: 0, openAlerts: 3 })).toEqual({
      count: 3,
      label: 'open',
    });
  });

  it('shows nothing before the counters load, or for a group without badges', () => {
    expect(groupBadge(group('FUNDING'), undefined).count).toBe(0);
    expect(groupBadge(group('PARTNER MANAGEMENT'), {} as MenuCounters).count).toBe(0);
  });
});
