import { createRequire } from 'node:module';
import path from 'node:path';
import { deposits, withdrawals } from '../../src/db/schema.ts';
import { audit } from '../../src/audit/audit.ts';
import { newId } from '../../src/lib/ids.ts';
import type { ReceivedMail } from '../support/smtp-receiver.ts';
import type { TestApp } from '../support/test-app.ts';
import { insertRow } from '../support/insert-row.ts';

export const DAY = 86_400;
export const quiet = { info: () => undefined, warn: () => undefined };

export type Attachment = { filename: string; contentType: string; content: Buffer };

/** The attachments of a multipart mail as nodemailer writes them (base64 parts with a filename). */
export function attachmentsOf(mail: ReceivedMail): Attachment[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  if (!boundary) return [];
  return mail.raw
    .split(`--${boundary}`)
    .map((part): Attachment | null => {
      const split = part.indexOf('\r\n\r\n');
      const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
      const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
      if (!filename) return null;
      const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
      const body = part.slice(split + 4).replace(/\s+/g, '');
      return { filename, contentType, content: Buffer.from(body, 'base64') };
    })
    .filter((a): a is Attachment => a !== null);
}

/** Every line of text a PDF shows, page by page, as a reader's PDF viewer extracts it (pdf.js). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = path.join(
    path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts/',
  );
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, standardFontDataUrl: fonts });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages.join('\n');
}

/**
 * Money approved at `at` as the desk would leave it: a client's card and wire deposits in EUR, a
 * crypto deposit in USD, a wire withdrawal in EUR, and one rejected deposit (not counted), with the
 * staff member's decisions in the audit trail.
 */
export async function bookAt(t: TestApp, at: number, staffId: string): Promise<void> {
  const client = await t.createUser({ email: `${newId()}@client.test`, role: 'USER', name: 'Ann' });
  const base = { userId: client, timestamp: at - 3600, accountNumber: 1, depositPaymentName: 'Visa' };
  const rows = [
    { depositCurrency: 'EUR', depositAmountSent: 1500, depositType: 'card', status: 'approved' },
    { depositCurrency: 'EUR', depositAmountSent: 250.5, depositType: 'wire', status: 'approved' },
    { depositCurrency: 'USD', depositAmountSent: 300, depositType: 'crypto', status: 'approved' },
    { depositCurrency: 'EUR', depositAmountSent: 999, depositType: 'card', status: 'rejected' },
  ];
  for (const r of rows) {
    const id = await insertRow(t.db, deposits, {
      ...base,
      ...r,
      ...(r.status === 'approved' ? { timeApproved: at } : { timeRejected: at }),
    });
    await audit(t.db, at, {
      actorId: staffId,
      action: r.status === 'approved' ? 'deposit.approved' : 'deposit.rejected',
      entity: 'deposit',
      entityId: id,
      after: { status: r.status },
    });
  }
  await t.db.insert(withdrawals).values({
    id: newId(),
    userId: client,
    withdrawalType: 'wire',
    withdrawalCurrency: 'EUR',
    withdrawalAmount: 400,
    accountNumber: 1,
    timestamp: at - 3600,
    timeApproved: at,
    status: 'approved',
  });
}
