import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, MESSAGES, urlOf } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';

const LOGIN = urlOf(calls.auth.loginAdmin);
const BODY_LIMIT = 256 * 1024;

type Reply = { status: number; type: string; body: unknown; text: string };

/** One request on a connection of its own, body bytes exactly as given (no framing added by fetch). */
function send(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string | number>,
  body?: string | Buffer,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers['content-type'] ?? '',
          body: json(text),
          text,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Bytes written to a socket as they are: requests Node's HTTP parser itself refuses. */
function sendRaw(base: string, request: string): Promise<Reply> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      // The last response: a pipelined request may have been answered before the bytes that broke.
      const text = all.slice(all.lastIndexOf('HTTP/1.1 '));
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const type = /^content-type:\s*(.*)$/im.exec(head)?.[1] ?? '';
      resolve({ status: Number(head.split(' ')[1]), type, body: json(body), text });
    });
  });
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The API's error shape, `{ errors: { field: message } }` in JSON, never Fastify's own error body. */
function expectErrorShape(r: Reply, status: number, errors: Record<string, string | RegExp>): void {
  expect(r.status, r.text).toBe(status);
  expect(r.type).toMatch(/^application\/json/);
  const body = r.body as Record<string, unknown>;
  expect(Object.keys(body).filter((k) => k !== 'requestId')).toEqual(['errors']);
  for (const [field, message] of Object.entries(errors))
    expect((body.errors as Record<string, string>)[field], r.text).toMatch(message);
  expect(Object.keys(body.errors as object)).toEqual(Object.keys(errors));
}

describe(`errors from reading the request are in the API's error shape, never a 5xx (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('parser@p.test'));
  });
  afterAll(() => t.stop());

  const JSON_TYPE = { 'content-type': 'application/json' };

  it('answers a body that is not JSON, or not UTF-8, with 400 naming the body', async () => {
    for (const broken of ['{"email": ', '{', '[1,2', 'nul', '{}garbage', "{'a':1}"])
      expectErrorShape(await send(t.base, 'POST', LOGIN, JSON_TYPE, broken), 400, {
        body: 'The request body is not valid JSON.',
      });
    // Fastify's prototype-poisoning guard stays in front.
    expectErrorShape(await send(t.base, 'POST', LOGIN, JSON_TYPE, '{"__proto__":{"a":1}}'), 400, {
      body: 'The request body is not valid JSON.',
    });
    // Empty, with and without a Content-Length.
    for (const headers of [JSON_TYPE, { ...JSON_TYPE, 'content-length': 0 }])
      expectErrorShape(await send(t.base, 'POST', LOGIN, headers, ''), 400, {
        body: 'The request body is empty: send JSON, or no Content-Type.',
      });
    // 0xFF is never UTF-8: refused, not stored as U+FFFD.
    const notUtf8 = Buffer.concat([
      Buffer.from('{"email":"a@b.co","password":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    expectErrorShape(await send(t.base, 'POST', LOGIN, JSON_TYPE, notUtf8), 400, {
      body: 'The request body is not valid UTF-8.',
    });
    // A route behind the guard reads bodies the same way.
    expectErrorShape(
      await send(
        t.base,
        'POST',
        urlOf(calls.views.createView),
        { ...JSON_TYPE, ...t.auth(token) },
        '{"name":',
      ),
      400,
      { body: 'The request body is not valid JSON.' },
    );
  });

  it('answers a body over the limit with 413, by Content-Length or once read', async () => {
    const huge = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT) });
    expectErrorShape(await send(t.base, 'POST', LOGIN, JSON_TYPE, huge), 413, { server: MESSAGES.tooLarge });
    // Chunked: no Content-Length to refuse up front.
    expectErrorShape(
      await send(t.base, 'POST', LOGIN, { ...JSON_TYPE, 'transfer-encoding': 'chunked' }, huge),
      413,
      { server: MESSAGES.tooLarge },
    );
  });

  it('answers a content type, charset or encoding it does not read with 415', async () => {
    const body = JSON.stringify({ email: 'a@b.co', password: 'x' });
    const unsupported =
      'This content type is not accepted: the API reads JSON (application/json) and uploads (multipart/form-data).';
    const cases: [Record<string, string>, string][] = [
      [{ 'content-type': 'text/plain' }, unsupported],
      [{ 'content-type': 'text/plain;charset=UTF-8' }, unsupported],
      [{ 'content-type': 'application/xml' }, unsupported],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, unsupported],
      [{}, unsupported],
      [
        { 'content-type': 'application/json; charset=latin1' },
        'Send JSON in UTF-8 (Content-Type: application/json).',
      ],
      [
        { 'content-type': 'application/json; charset=utf-16' },
        'Send JSON in UTF-8 (Content-Type: application/json).',
      ],
      [{ ...JSON_TYPE, 'content-encoding': 'gzip' }, 'Send the body uncompressed (no Content-Encoding).'],
    ];
    for (const [headers, message] of cases)
      expectErrorShape(await send(t.base, 'POST', LOGIN, headers, body), 415, { body: message });
    // A route without a body schema (sign-out) does not take text either.
    expectErrorShape(
      await send(
        t.base,
        'POST',
        urlOf(calls.auth.logout),
        { 'content-type': 'text/plain', ...t.auth(token) },
        'x',
      ),
      415,
      { body: unsupported },
    );
    // UTF-8, however it is spelled, is read.
    for (const type of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"'])
      expect((await send(t.base, 'POST', LOGIN, { 'content-type': type }, body)).status).toBe(400);
    expect(
      (await send(t.base, 'POST', LOGIN, { 'content-type': 'application/json; charset=utf-8' }, body)).body,
    ).toMatchObject({ errors: { emailorpassword: MESSAGES.emailOrPasswordIncorrect } });
  });

  it("answers requests Node's HTTP parser refuses in the error shape, not Fastify's { error, message, statusCode }", async () => {
    const head = `POST ${LOGIN} HTTP/1.1\r\nHost: console.test\r\nContent-Type: application/json\r\n`;
    const malformed = [
      `${head}Content-Length: abc\r\n\r\n{}`,
      `${head}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
      `${head}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      `${head}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      // A body longer than its Content-Length: the rest is read as a request.
      `${head}Content-Length: 2\r\nConnection: keep-alive\r\n\r\n{}{"email":"a@b.co"}`,
      'HELLO\r\n\r\n',
    ];
    for (const request of malformed)
      expectErrorShape(await sendRaw(t.base, request), 400, { request: 'This is not a valid HTTP request.' });
    const bigHeaders = `GET /api/other/serverInfo HTTP/1.1\r\nHost: console.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expectErrorShape(await sendRaw(t.base, bigHeaders), 431, {
      headers: 'The request headers are too large.',
    });
  });
});
