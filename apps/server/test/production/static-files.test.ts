import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';

/** A built web app as `npm run build:web` leaves it: hashed assets, index.html, and their .br and .gz. */
function fixtureDist(): { dir: string; js: string; html: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const js = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
  const html = `<!doctype html><title>Brokerdesk</title>${'<meta name="x" content="padding">'.repeat(40)}<div id="root"></div>`;
  const files = { 'assets/index-abc123.js': js, 'index.html': html };
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, body);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
  }
  // A file the build left uncompressed (too small to gain): sent as it is.
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, js, html };
}

describe(`static files of the web app (${testDbKind})`, () => {
  let t: TestApp;
  const dist = fixtureDist();
  beforeAll(async () => {
    t = await startTestApp({ env: { WEB_DIST: dist.dir } });
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  /** Raw bytes and headers, without fetch's automatic decompression getting in the way. */
  const get = async (url: string, acceptEncoding?: string) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const { request } = await import('node:http');
    return new Promise<{
      status: number;
      headers: Record<string, string | string[] | undefined>;
      body: Buffer;
    }>((resolve, reject) => {
      const req = request(t.base + url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  };

  it('sends brotli when the browser takes it, else gzip, else the file, with its type, length and Vary', async () => {
    const url = '/assets/index-abc123.js';
    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(dist.js);
    expect(br.body.length).toBeLessThan(dist.js.length / 2);

    const gz = await get(url, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe(br.headers['content-type']);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(dist.js);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(dist.js);
    expect(Number(plain.headers['content-length'])).toBe(dist.js.length);
  });

  it('caches hashed assets for a year as immutable', async () => {
    for (const enc of ['br', 'gzip', undefined]) {
      const r = await get('/assets/index-abc123.js', enc);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never caches index.html without revalidating, compressed or not, nor the single-page app paths', async () => {
    for (const url of ['/', '/index.html', '/users/new', '/funding/deposits/pending']) {
      const r = await get(url, 'br, gzip');
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(r.body).toString()).toBe(dist.html);
    }
    const plain = await get('/users/new');
    expect(plain.body.toString()).toBe(dist.html);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('sends a file without compressed copies as it is', async () => {
    const r = await get('/favicon.svg', 'br, gzip');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.headers['cache-control']).toBe('no-cache');
  });
});
