import { describe, expect, it } from 'vitest';
import { csvCell, csvJsonCell, csvLine } from './csv.ts';

/** Splits a line as a spreadsheet in a ';' locale would if it ignored quotes: the worst reader. */
const naiveCells = (line: string) => line.split(/[,;\r\n]/).map((c) => c.replace(/^"+/, ''));
const runsAsFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

describe('CSV cells', () => {
  it('quotes every cell, doubling quotes', () => {
    expect(csvLine(['a', 1, null, 'say "hi"', true])).toBe('"a","1","","say ""hi""","true"\r\n');
  });

  it("neutralises a formula after a separator, not only at the start (x;=cmd|' /C calc'!A0)", () => {
    const cell = csvCell("x;=cmd|' /C calc'!A0");
    expect(cell).toBe(`"x;'=cmd|' /C calc'!A0"`);
    expect(naiveCells(cell).some(runsAsFormula)).toBe(false);
  });

  it('neutralises every formula character at the start and after a quote, comma, semicolon or line break', () => {
    for (const f of ['=', '+', '-', '@', '\t', '\r']) {
      for (const before of ['', 'a"', 'a,', 'a;', 'a\n', 'a\r']) {
        const value = `${before}${f}1+1`;
        const cell = csvCell(value);
        expect(naiveCells(cell).some(runsAsFormula), JSON.stringify(value)).toBe(false);
      }
    }
    // Text that only contains such characters inside words is left alone.
    expect(csvCell('Anne-Marie O+Brien')).toBe('"Anne-Marie O+Brien"');
  });

  it('writes numbers as numbers: a negative amount is not text to defuse', () => {
    expect(csvCell(-12.5)).toBe('"-12.5"');
  });

  it('writes JSON that parses back to the same value, with no formula after a quote or separator', () => {
    const value = { name: '=cmd', list: ['a;+b', '@c', 'd'], n: -5, text: 'x,-y' };
    const cell = csvJsonCell(value);
    const inner = cell.slice(1, -1).replace(/""/g, '"');
    expect(JSON.parse(inner)).toEqual(value);
    expect(inner).not.toMatch(/["',;][=+@]/);
    expect(inner).not.toMatch(/"-|;-/);
  });
});
