import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { TestApp } from '../support/test-app.ts';
import type { Database } from '../../src/db/client.ts';
import { audit } from '../../src/audit/audit.ts';
import { manifestBytes, type Manifest } from '../../src/features/evidence-pack/manifest.ts';
import type { AuditSigningKey } from '../../src/audit/seals/key.ts';
import crypto from 'node:crypto';

export const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Downloads a pack from its link as the browser does (no bearer header) into `file`. */
export async function download(t: TestApp, url: string, file: string) {
  const res = await fetch(new URL(url, t.base));
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status === 200) fs.writeFileSync(file, body);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    body,
  };
}

/** Every entry of a ZIP, by name, in order. */
export async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(parts));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return out;
}

/** A ZIP of these entries written to `file`, with the times and comment given (metadata only). */
export async function writeZip(
  file: string,
  entries: Map<string, Buffer> | [string, Buffer][],
  meta: { mtime?: Date; comment?: string } = {},
) {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries)
    zip.addBuffer(data, name, {
      mtime: meta.mtime ?? new Date(),
      ...(meta.comment ? { fileComment: meta.comment } : {}),
    });
  zip.end(meta.comment ? { comment: meta.comment, forceZip64Format: false } : undefined);
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    zip.outputStream.pipe(out).on('finish', resolve).on('error', reject);
  });
}

/** One byte of `data` changed (the middle one, or `at`). */
export function flipByte(data: Buffer, at = Math.floor(data.length / 2)): Buffer {
  const copy = Buffer.from(data);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

/**
 * The manifest signed again with the server's own key after an entry changed, as someone holding the key
 * could: what shows that the audit records are checked on their own, not only through the manifest.
 */
export function resign(entries: Map<string, Buffer>, key: AuditSigningKey): void {
  const m = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Manifest;
  m.files = m.files.map((f) => {
    const data = entries.get(f.path)!;
    return { ...f, sha256: crypto.createHash('sha256').update(data).digest('hex'), size: data.length };
  });
  m.signature = crypto.sign(null, manifestBytes(m), key.privateKey).toString('base64');
  entries.set('manifest.json', Buffer.from(JSON.stringify(m, null, 2)));
}

/** A fresh Ed25519 key as AUDIT_SIGNING_KEY takes it (PKCS#8 DER, base64). */
export const newKeyBase64 = () =>
  crypto
    .generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64');

/** `n` audit records through the chain, a second apart from `at`, each tagged with `action`. */
export async function writeRecords(db: Database['db'], at: number, n: number, action = 'test.row') {
  for (let i = 0; i < n; i++)
    await audit(db, at + i, { actorId: null, action, entity: 'test', entityId: String(i), after: { i } });
}
