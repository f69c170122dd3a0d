import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, UPLOAD_MAX_BYTES, urlOf } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';
import { LinkSigner } from '../../src/lib/signed-links.ts';
import { newId } from '../../src/lib/ids.ts';
import { HTML, JPEG, PDF, PNG, upload, uploadFile } from './fixtures.ts';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');
/**
 * The stored files' address without a name: the tests append names urlOf would encode (traversal,
 * encoded dots), as an attacker would send them.
 */
const FILES = calls.banks.openStoredFile.path.replace(':file', '');

describe(`document uploads and signed file links (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  // Our own DATA_DIR, so the test can look at the files the server stores under it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-uploads-'));
  beforeAll(async () => {
    ({ t, token } = await startDesk('docs@desk.test', { app: { env: { DATA_DIR: dataDir } } }));
    clientId = await t.createUser({ email: 'docs@client.test', role: 'USER' });
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (data: Buffer, filename: string, type?: string) =>
    uploadFile(t, token, clientId, data, filename, type);
  const stored = (name: string) => path.join(dataDir, 'uploads', name);
  /** fetch would resolve dot segments itself; a raw request sends the path as written. */
  const rawGet = (url: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      http
        .get(`${t.base}${url}`, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
          );
        })
        .on('error', reject);
    });
  /** A 404, or the web app's page for a path that is not a file route at all: never a file's bytes. */
  const notAFile = (r: { status: number; type: string; body: string }) =>
    r.status === 404 || (r.type.startsWith('text/html') && r.body.includes('<div id="root">'));

  it('stores a PDF under a name the server makes and serves it through the signed link', async () => {
    const r = await send(PDF, 'Bank statement (May).pdf');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const file = r.body.file as string;
    expect(file).toBe(`${clientId}-${t.clock.now()}-Bank-statement-May.pdf`);
    expect(r.body.url).toMatch(
      new RegExp(`^/public/files/${file}\\?exp=\\d+&s=${t.sessionOf(token)}&sig=[A-Za-z0-9_-]+$`),
    );
    const res = await fetch(`${t.base}${r.body.url as string}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // A PDF is downloaded, never shown by the browser's viewer (it may carry scripts).
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'document.uploaded'));
    expect(audits.at(-1)).toMatchObject({ entityId: clientId, after: expect.objectContaining({ file }) });
  });

  it('names the file by what its bytes are, and never overwrites an earlier upload', async () => {
    const png = await send(PNG, 'photo.pdf', 'application/pdf');
    expect(png.body.file).toBe(`${clientId}-${t.clock.now()}-photo.png`);
    const jpeg = await send(JPEG, 'scan.jpeg', 'image/jpeg');
    expect(jpeg.body.file).toBe(`${clientId}-${t.clock.now()}-scan.jpg`);
    const again = await send(JPEG, 'scan.jpeg', 'image/jpeg');
    expect(again.body.file).toBe(`${clientId}-${t.clock.now()}-scan-2.jpg`);
    const res = await fetch(`${t.base}${png.body.url as string}`);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a disguised file whatever its name and declared type say', async () => {
    for (const [data, name, type] of [
      [HTML, 'invoice.pdf', 'application/pdf'],
      [Buffer.from('MZ\x90\x00 this is an executable'), 'statement.png', 'image/png'],
      [Buffer.from('GIF89a....'), 'statement.jpg', 'image/jpeg'],
      [Buffer.alloc(0), 'empty.pdf', 'application/pdf'],
    ] as const) {
      const r = await send(data, name, type);
      expect(r.status, name).toBe(400);
      expect(r.body).toMatchObject({ errors: { file: 'Only PDF, PNG or JPEG files are accepted.' } });
    }
  });

  it('refuses a file over 10 MB with 413 and accepts one of exactly 10 MB', async () => {
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const r = await send(big, 'huge.pdf');
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ errors: { file: 'The file is larger than 10 MB.' } });
    const limit = await send(big.subarray(0, UPLOAD_MAX_BYTES), 'limit.pdf');
    expect(limit.status).toBe(200);
    expect(fs.statSync(stored(limit.body.file as string)).size).toBe(UPLOAD_MAX_BYTES);
  });

  it('keeps no path from the given name', async () => {
    for (const name of [
      '../../../etc/passwd.pdf',
      '..\\..\\windows\\evil.pdf',
      '/tmp/x/.hidden.pdf',
      '....pdf',
    ]) {
      const r = await send(PDF, name);
      expect(r.status, name).toBe(200);
      const file = r.body.file as string;
      expect(file, name).toMatch(new RegExp(`^${clientId}-\\d+-[A-Za-z0-9_-]+\\.pdf$`));
      expect(fs.existsSync(stored(file))).toBe(true);
    }
    // Everything the server wrote is in the uploads folder, with its own names.
    expect(fs.readdirSync(dataDir).filter((f) => !f.startsWith('pglite') && f !== 'uploads')).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/passwd|evil|hidden/)]),
    );
    expect(fs.existsSync('/etc/passwd.pdf')).toBe(false);
  });

  it('needs a staff session before reading anything', async () => {
    const parts = [
      { name: 'userId', value: clientId },
      { name: 'file', data: PDF, filename: 'a.pdf' },
    ];
    expect((await upload(t, parts)).status).toBe(401);
    expect((await upload(t, parts, 'not-a-token')).status).toBe(401);
    // The session rules are the guard's own: a staff member moved below ADMIN is out at once.
    const id = await t.createUser({ email: 'demoted@desk.test', password: 'Correct-Horse-1' });
    const demoted = await t.signIn('demoted@desk.test', 'Correct-Horse-1');
    expect((await upload(t, parts, demoted)).status).toBe(200);
    await t.setRole(id, 'MODERATOR');
    expect((await upload(t, parts, demoted)).status).toBe(401);
  });

  it('refuses forms without a file or client, with two files, or with other fields', async () => {
    const file = { name: 'file', data: PDF, filename: 'a.pdf' };
    const id = { name: 'userId', value: clientId };
    const cases: [Parameters<typeof upload>[1], string][] = [
      [[id], 'file'],
      [[file], 'userId'],
      [[{ name: 'userId', value: '../etc' }, file], 'userId'],
      [[{ name: 'userId', value: newId() }, file], 'userId'],
      [[id, file, { name: 'file', data: PDF, filename: 'b.pdf' }], 'file'],
      [[id, { name: 'other', data: PDF, filename: 'a.pdf' }], 'other'],
      [[id, { name: 'note', value: 'x' }, file], 'note'],
    ];
    for (const [parts, field] of cases) {
      const r = await upload(t, parts, token);
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.errors as object), field).toContain(field);
    }
    const json = await t.raw(calls.banks.uploadDocument, { body: { file: 'x' } }, t.auth(token));
    expect(json.status).toBe(400);
    const broken = await fetch(t.base + urlOf(calls.banks.uploadDocument), {
      method: 'POST',
      headers: { ...t.auth(token), 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-cut',
    });
    expect(broken.status).toBe(400);
    const noBoundary = await fetch(t.base + urlOf(calls.banks.uploadDocument), {
      method: 'POST',
      headers: { ...t.auth(token), 'content-type': 'multipart/form-data' },
      body: 'x',
    });
    expect(noBoundary.status).toBe(400);
  });

  it('serves files only through an unexpired, untampered link for that very file', async () => {
    const a = await send(PDF, 'a.pdf');
    const b = await send(PDF, 'b.pdf');
    const url = a.body.url as string;
    const [pathA, query] = url.split('?') as [string, string];
    expect((await fetch(`${t.base}${pathA}`)).status).toBe(403);
    expect((await fetch(`${t.base}${url}x`)).status).toBe(403);
    expect(
      (await fetch(`${t.base}${url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 60}`)}`)).status,
    ).toBe(403);
    expect((await fetch(`${t.base}${FILES}${b.body.file as string}?${query}`)).status).toBe(403);
    t.clock.advance(601);
    expect((await fetch(`${t.base}${url}`)).status).toBe(403);
    expect((await fetch(`${t.base}${b.body.url as string}`)).status).toBe(403);
  });

  it('answers 404 (400 for a NUL), never a file outside the uploads, for traversal and unknown names', async () => {
    const links = new LinkSigner(SECRET, t.clock.now);
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%5C..%5Cboot.ini',
      '.env',
      'a%00.pdf',
      'x.html',
      'a..pdf',
    ]) {
      const decoded = decodeURIComponent(name);
      const signed = links.sign(`${FILES}${decoded}`).split('?')[1];
      // A NUL is refused as bad input (400) before any route looks at the name.
      const expected = decoded.includes('\0') ? 400 : 404;
      expect((await rawGet(`${FILES}${name}?${signed}`)).status, name).toBe(expected);
    }
    for (const url of [`${FILES}../../etc/passwd`, `${FILES}%2E%2E`, `${FILES}%2e%2e/%2e%2e/etc/passwd`]) {
      expect(notAFile(await rawGet(url)), url).toBe(true);
    }
    const missing = links.sign(
      urlOf(calls.banks.openStoredFile, { params: { file: `${clientId}-1-gone.pdf` } }),
      300,
      t.sessionOf(token),
    );
    expect((await fetch(`${t.base}${missing}`)).status).toBe(404);
  });
});
