import { describe, expect, it } from 'vitest';
import { birthYears, formatBirthDate, hasBirthDate } from './birth-date.ts';

describe('birth date lists', () => {
  it('offers this year back to 100 years ago', () => {
    const years = birthYears(new Date(2026, 5, 1));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1926);
    expect(years).toHaveLength(101);
  });

  it('needs all three parts', () => {
    expect(hasBirthDate({ birthDay: 1, birthMonth: 2, birthYear: 1980 })).toBe(true);
    expect(hasBirthDate({ birthDay: 1, birthMonth: null, birthYear: 1980 })).toBe(false);
    expect(hasBirthDate({})).toBe(false);
  });

  it('formats as YYYY/MM/DD', () => {
    expect(formatBirthDate({ birthDay: 3, birthMonth: 9, birthYear: 1975 })).toBe('1975/09/03');
    expect(formatBirthDate({ birthDay: 3 })).toBe('');
  });
});
