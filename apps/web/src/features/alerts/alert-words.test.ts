import { describe, expect, it } from 'vitest';
import { ageInWords, requestLabel } from './alert-words.ts';

describe('alert words', () => {
  it('puts an age in words', () => {
    expect(ageInWords(5)).toBe('just now');
    expect(ageInWords(61)).toBe('1 min');
    expect(ageInWords(7200)).toBe('2 h');
    expect(ageInWords(86_400)).toBe('1 day');
    expect(ageInWords(3 * 86_400 + 5)).toBe('3 days');
  });
  it('names a request by its kind and the end of its id', () => {
    expect(requestLabel('deposit', 'abcdef0123456789abcdef01')).toBe('Deposit …cdef01');
    expect(requestLabel(null, null)).toBe('—');
  });
});
