import { describe, expect, it } from 'vitest';
import { buildQuery, encodeValue, escapeValue } from './params.ts';

describe('MT5 parameter escaping', () => {
  it('backslash-escapes the separators, the backslash first', () => {
    expect(escapeValue('demo\\forex')).toBe('demo\\\\forex');
    expect(escapeValue('a=b|c')).toBe('a\\=b\\|c');
    expect(escapeValue('line\nbreak')).toBe('line\\\nbreak');
    expect(escapeValue('plain text')).toBe('plain text');
  });

  it('then URL-encodes, spaces as %20', () => {
    expect(encodeValue('demo\\forex')).toBe('demo%5C%5Cforex');
    expect(encodeValue('John Smith')).toBe('John%20Smith');
    expect(encodeValue('a=b|c')).toBe('a%5C%3Db%5C%7Cc');
    expect(encodeValue('x\ny')).toBe('x%5C%0Ay');
    expect(encodeValue('dep:1+2&3')).toBe('dep%3A1%2B2%263');
    expect(encodeValue(-150.5)).toBe('-150.5');
  });

  it('builds a query from the defined values in order', () => {
    expect(buildQuery({ group: 'demo\\forex', name: 'Ann Lee', leverage: 100, login: undefined })).toBe(
      '?group=demo%5C%5Cforex&name=Ann%20Lee&leverage=100',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery()).toBe('');
  });
});
