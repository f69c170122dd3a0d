import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sniffType } from '../../features/banks/file-store.ts';
import { addressPicture, bankStatementPdf, ekycReportPdf, identityPicture } from './documents.ts';
import { makePdf } from './pdf.ts';
import { Picture } from './png.ts';

/** Splits a PNG into its chunks. */
function chunks(png: Buffer) {
  const out: { type: string; data: Buffer; crc: number }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = png.readUInt32BE(at + 8 + length);
    out.push({ type, data, crc });
    at += 12 + length;
  }
  return out;
}

describe('sample documents drawn by code', () => {
  it('writes PNGs a decoder reads back pixel for pixel', () => {
    const png = new Picture(3, 2, [255, 255, 255]).rect(1, 0, 1, 2, [10, 20, 30]).png();
    expect(sniffType(png)?.ext).toBe('png');
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    // Every PNG ends with the same IEND chunk, whose CRC-32 is well known.
    expect(parts[2]!.crc).toBe(0xae426082);
    expect(parts[0]!.data.readUInt32BE(0)).toBe(3);
    expect(parts[0]!.data.readUInt32BE(4)).toBe(2);
    const raw = zlib.inflateSync(parts[1]!.data);
    // Row 0: filter byte, then white, the drawn column, white.
    expect([...raw.subarray(0, 10)]).toEqual([0, 255, 255, 255, 10, 20, 30, 255, 255, 255]);
    for (const picture of [identityPicture('a'), addressPicture('b')])
      expect(sniffType(picture)?.ext).toBe('png');
  });

  it('writes PDFs whose cross-reference table points at each object', () => {
    const pdf = makePdf([{ texts: [{ x: 10, y: 10, text: 'Caf\u00e9 (one) \\ two \u20ac' }] }], 'Title');
    const text = pdf.toString('latin1');
    expect(sniffType(pdf)?.ext).toBe('pdf');
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBe(7);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 7)).toBe(`${i + 1} 0 obj`));
    // Latin-1 kept, brackets and backslashes escaped, anything else a '?'.
    expect(text).toContain('(Caf\u00e9 \\(one\\) \\\\ two ?) Tj');
    const length = Number(/\/Length (\d+)/.exec(text)![1]);
    const stream = text.slice(text.indexOf('stream\n') + 7, text.indexOf('\nendstream'));
    expect(stream.length).toBe(length);
  });

  it('fills statements and reports with their details in words', () => {
    const statement = bankStatementPdf({
      holder: 'Ada Lovelace',
      bankName: 'Barclays',
      bankAddress: '1 Churchill Place',
      account: 'GB33BUKB20201555555555',
      currency: 'GBP',
      issuedAt: 1_790_000_000,
    }).toString('latin1');
    expect(statement).toContain('(Account holder: Ada Lovelace)');
    expect(statement).toContain('(Period: 2026-08-21 to 2026-09-20)');
    const report = ekycReportPdf({
      client: 'Ada Lovelace',
      email: 'ada@example.test',
      country: 'United Kingdom',
      status: 'Completed',
      result: 'Approved',
      checkedAt: 1_790_000_000,
      documents: [{ label: 'Proof of Identity', type: 'Passport', uploaded: true, verified: true }],
    }).toString('latin1');
    for (const words of ['(Ada Lovelace)', '(Completed)', '(Approved)', '(Passport)', '(2026-09-21)'])
      expect(report).toContain(words);
  });
});
