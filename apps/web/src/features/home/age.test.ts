import { describe, expect, it } from 'vitest';
import { ageColor, formatAge } from './age.ts';

describe('waiting ages', () => {
  it('reads as the largest two units', () => {
    expect(formatAge(-5)).toBe('0s');
    expect(formatAge(59)).toBe('59s');
    expect(formatAge(60)).toBe('1m');
    expect(formatAge(3599)).toBe('59m');
    expect(formatAge(3600)).toBe('1h');
    expect(formatAge(3 * 3600 + 20 * 60 + 5)).toBe('3h 20m');
    expect(formatAge(86_400)).toBe('1d');
    expect(formatAge(4 * 86_400 + 6 * 3600 + 59)).toBe('4d 6h');
  });

  it('turns from teal to red as a request waits longer', () => {
    expect([59 * 60, 3600, 4 * 3600, 86_400].map(ageColor)).toEqual(['teal', 'yellow', 'orange', 'red']);
  });
});
