import { makePdf, type PdfText } from './pdf.ts';
import { Picture, type Rgb } from './png.ts';

/**
 * Sample documents drawn by code, so the demo and the stand-in KYC provider have something real to show
 * (a picture to zoom and turn, a PDF to page through) without shipping or downloading any file.
 */

const INK: Rgb = [52, 64, 84];
const FAINT: Rgb = [170, 180, 196];
const PAPER: Rgb = [250, 250, 247];

/** A picture of an identity card or passport page: coloured header, photo, lines of text, MRZ band. */
export function identityPicture(seed: string): Buffer {
  const tint = tintOf(seed);
  const p = new Picture(480, 300, [236, 240, 246]);
  p.rect(0, 0, 480, 56, tint);
  p.rect(24, 18, 180, 12, [255, 255, 255]).rect(24, 36, 110, 8, [220, 228, 240]);
  // Photo: a face in a frame.
  p.rect(24, 76, 120, 150, [208, 214, 224]);
  p.circle(84, 130, 30, [150, 160, 176]).rect(44, 170, 80, 56, [150, 160, 176]);
  for (let i = 0; i < 5; i++) {
    p.rect(166, 84 + i * 28, 60, 7, FAINT);
    p.rect(166, 94 + i * 28, 120 + ((seed.charCodeAt(i % seed.length) * 7) % 150), 10, INK);
  }
  p.rect(0, 246, 480, 54, [222, 226, 232]);
  for (let i = 0; i < 2; i++) p.rect(20, 256 + i * 20, 440, 10, [120, 128, 140]);
  return p.png();
}

/** A picture of a utility bill: letterhead, address block, a table of charges. */
export function addressPicture(seed: string): Buffer {
  const tint = tintOf(seed);
  const p = new Picture(340, 480, PAPER);
  p.rect(24, 24, 90, 30, tint).rect(230, 28, 86, 8, FAINT).rect(230, 42, 70, 8, FAINT);
  for (let i = 0; i < 4; i++) p.rect(24, 90 + i * 16, i === 0 ? 140 : 110, 9, INK);
  p.rect(24, 180, 292, 24, tint);
  for (let i = 0; i < 8; i++) {
    p.rect(24, 216 + i * 24, 292, 1, FAINT);
    p.rect(30, 222 + i * 24, 150, 8, INK).rect(262, 222 + i * 24, 48, 8, INK);
  }
  p.rect(200, 420, 116, 22, tint);
  return p.png();
}

export type StatementDetails = {
  holder: string;
  bankName: string;
  bankAddress: string;
  account: string;
  currency: string;
  /** Epoch seconds: the statement ends the day before. */
  issuedAt: number;
};

/** A one-page bank statement: bank, holder, account, a month of transactions with a running balance. */
export function bankStatementPdf(d: StatementDetails): Buffer {
  const texts: PdfText[] = [
    { x: 48, y: 48, text: d.bankName, size: 20, bold: true },
    { x: 48, y: 76, text: d.bankAddress, size: 10 },
    { x: 48, y: 120, text: 'Account statement', size: 15, bold: true },
    { x: 48, y: 146, text: `Account holder: ${d.holder}` },
    { x: 48, y: 164, text: `Account: ${d.account}` },
    { x: 48, y: 182, text: `Currency: ${d.currency}` },
    { x: 48, y: 200, text: `Period: ${day(d.issuedAt - 31 * 86_400)} to ${day(d.issuedAt - 86_400)}` },
    { x: 52, y: 242, text: 'Date', bold: true },
    { x: 150, y: 242, text: 'Description', bold: true },
    { x: 380, y: 242, text: 'Amount', bold: true },
    { x: 470, y: 242, text: 'Balance', bold: true },
  ];
  let balance = 1800 + (hash(d.account) % 2400);
  for (const [i, line] of statementLines(d).entries()) {
    balance += line.amount;
    const y = 266 + i * 20;
    texts.push(
      { x: 52, y, text: day(line.at), size: 10 },
      { x: 150, y, text: line.what, size: 10 },
      { x: 380, y, text: line.amount.toFixed(2), size: 10 },
      { x: 470, y, text: balance.toFixed(2), size: 10 },
    );
  }
  texts.push({ x: 48, y: 780, text: 'Sample statement generated for the demo data.', size: 8 });
  return makePdf(
    [{ texts, boxes: [{ x: 48, y: 236, w: 499, h: 22, gray: 0.9 }] }],
    `${d.bankName} statement`,
  );
}

/** The same statement as a scan: a picture, for accounts whose client sent a photo instead. */
export function bankStatementPicture(d: StatementDetails): Buffer {
  const tint = tintOf(d.account);
  const p = new Picture(420, 560, PAPER);
  p.rect(28, 28, 160, 26, tint).rect(28, 62, 220, 8, FAINT);
  for (let i = 0; i < 4; i++) p.rect(28, 100 + i * 16, 180, 9, INK);
  p.rect(28, 190, 364, 22, [226, 230, 236]);
  for (let i = 0; i < 12; i++) {
    p.rect(34, 222 + i * 22, 56, 8, INK).rect(110, 222 + i * 22, 160, 8, INK);
    p.rect(300, 222 + i * 22, 40, 8, i % 3 ? INK : [180, 40, 40]).rect(352, 222 + i * 22, 40, 8, INK);
  }
  return p.png();
}

export type ReportDetails = {
  client: string;
  email: string;
  country: string;
  status: string;
  result: string;
  checkedAt: number;
  documents: { label: string; type: string; uploaded: boolean; verified: boolean }[];
};

/** The stand-in provider's eKYC report: who was checked, the outcome and each document, in words. */
export function ekycReportPdf(r: ReportDetails): Buffer {
  const texts: PdfText[] = [
    { x: 48, y: 48, text: 'eKYC report', size: 22, bold: true },
    { x: 48, y: 80, text: 'Identity verification summary (local stand-in provider)', size: 10 },
    { x: 48, y: 124, text: 'Client', bold: true },
    { x: 180, y: 124, text: r.client },
    { x: 48, y: 144, text: 'Email', bold: true },
    { x: 180, y: 144, text: r.email },
    { x: 48, y: 164, text: 'Country', bold: true },
    { x: 180, y: 164, text: r.country },
    { x: 48, y: 184, text: 'Review status', bold: true },
    { x: 180, y: 184, text: r.status },
    { x: 48, y: 204, text: 'Result', bold: true },
    { x: 180, y: 204, text: r.result },
    { x: 48, y: 224, text: 'Checks started', bold: true },
    { x: 180, y: 224, text: r.checkedAt ? day(r.checkedAt) : 'Not started' },
    { x: 52, y: 272, text: 'Document', bold: true },
    { x: 200, y: 272, text: 'Type', bold: true },
    { x: 360, y: 272, text: 'Uploaded', bold: true },
    { x: 450, y: 272, text: 'Verified', bold: true },
  ];
  for (const [i, d] of r.documents.entries()) {
    const y = 298 + i * 22;
    texts.push(
      { x: 52, y, text: d.label },
      { x: 200, y, text: d.type || '-' },
      { x: 360, y, text: d.uploaded ? 'Yes' : 'No' },
      { x: 450, y, text: d.verified ? 'Yes' : 'No' },
    );
  }
  return makePdf([{ texts, boxes: [{ x: 48, y: 266, w: 499, h: 22, gray: 0.9 }] }], 'eKYC report');
}

function statementLines(d: StatementDetails) {
  const start = d.issuedAt - 31 * 86_400;
  const h = hash(d.account);
  const what = ['Salary', 'Card payment', 'Rent', 'Transfer in', 'Utilities', 'Groceries', 'Refund'];
  return Array.from({ length: 10 }, (_, i) => {
    const pick = (h + i * 3 + (i >> 2)) % what.length;
    const size = ((h >>> (i % 16)) % 400) + 12;
    return {
      at: start + (i + 1) * 3 * 86_400,
      what: what[pick]!,
      amount: pick === 0 || pick === 3 || pick === 6 ? size * 3 : -size,
    };
  });
}

const day = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

const TINTS: Rgb[] = [
  [34, 92, 160],
  [24, 120, 96],
  [140, 60, 110],
  [180, 96, 30],
];
const tintOf = (seed: string) => TINTS[hash(seed) % TINTS.length]!;
