import { describe, expect, it } from 'vitest';
import { addressGroup, delayAfter } from './sign-in-limits.ts';

describe('sign-in delays', () => {
  it('costs nothing for the free failures, then doubles from one second up to the cap', () => {
    expect([0, 1, 2, 3].map((n) => delayAfter(n, 3, 60))).toEqual([0, 0, 0, 0]);
    expect([4, 5, 6, 7, 8, 9, 10, 11].map((n) => delayAfter(n, 3, 60))).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(delayAfter(10, 3, 900)).toBe(64);
    expect(delayAfter(1_000_000, 3, 900)).toBe(900);
  });
});

describe('addresses as the limits count them', () => {
  it('keeps IPv4 as it is and groups IPv6 by its /64, however it is written', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:db8:1:2::203.0.113.7')).toBe('2001:db8:1:2::/64');
  });
});
