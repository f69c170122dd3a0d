import { describe, expect, it } from 'vitest';
import { generatePassword } from './password-generator.ts';

describe('generated account passwords', () => {
  it('are 10 characters with a lowercase letter, an uppercase letter, a digit and a symbol', () => {
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(10);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[^a-zA-Z0-9]/);
    }
  });

  it('are shuffled: the first character is not always a lowercase letter', () => {
    const firsts = new Set(Array.from({ length: 200 }, () => generatePassword()[0]!.replace(/[a-z]/, 'a')));
    expect(firsts.size).toBeGreaterThan(1);
  });
});
