import { calls, urlOf } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { bankAccounts } from '../../src/db/schema.ts';
import { insertRow } from '../support/insert-row.ts';

/** Bank accounts and documents as clients would submit them, and the multipart calls of POST /upload. */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-not-really-a-picture'),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-ish')]);
export const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

/** A UK bank account's details as a client enters them. */
export const UK_BANK = {
  bankName: 'Barclays',
  bankAddress: '1 Churchill Place, London',
  bankCountry: 'GB',
  bankAccountCurrency: 'GBP',
  bankAccountNumber: '12345678',
  bankSortCode: '20-00-00',
};

export async function bankAccount(
  t: TestApp,
  userId: string,
  over: Partial<typeof bankAccounts.$inferInsert> = {},
) {
  return insertRow(t.db, bankAccounts, {
    userId,
    ...UK_BANK,
    status: 'pending',
    timestamp: t.clock.now(),
    ...over,
  });
}

type Part = { name: string; value: string } | { name: string; data: Buffer; filename: string; type?: string };

export async function upload(t: TestApp, parts: Part[], token?: string) {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([p.data], { type: p.type ?? 'application/pdf' }), p.filename);
  }
  const res = await fetch(t.base + urlOf(calls.banks.uploadDocument), {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

export const uploadFile = (
  t: TestApp,
  token: string,
  userId: string,
  data: Buffer,
  filename: string,
  type?: string,
) =>
  upload(
    t,
    [
      { name: 'userId', value: userId },
      { name: 'file', data, filename, type },
    ],
    token,
  );
