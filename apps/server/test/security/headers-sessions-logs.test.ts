import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { allCalls, API_PREFIX, calls, MESSAGES, urlOf, type CallDef } from '@brokerdesk/contract';
import type { RawInput, TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { codeFrom } from '../support/smtp-receiver.ts';
import { emailConfirmations } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { newSecret, sha256 } from '../../src/lib/ids.ts';
import { PDF, uploadFile } from '../banks/fixtures.ts';
import type * as AppModule from '../../src/app.ts';
import { fillPath, routesOf, type RecordedRoute } from './support/routes.ts';

// The server's own route table (to find every polling route).
const recorded = vi.hoisted(() => [] as RecordedRoute[]);
vi.mock('fastify', async (importOriginal) =>
  (await import('./support/routes.ts')).recordingFastify(await importOriginal(), recorded),
);

// The app as main.ts builds it, with a pino logger at the most verbose level writing to memory.
const logs = vi.hoisted(() => ({ lines: [] as string[] }));
vi.mock('../../src/app.ts', async (importOriginal) => {
  const real = await importOriginal<typeof AppModule>();
  const { pino } = await import('pino');
  const { Writable } = await import('node:stream');
  const memory = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level: 'trace' }, memory);
  return {
    ...real,
    buildApp: (deps: Parameters<typeof real.buildApp>[0]) => real.buildApp({ ...deps, logger }),
  };
});

const PASSWORD = 'Correct-Horse-1';
const here = path.dirname(fileURLToPath(import.meta.url));

describe(`security headers, tokens, logs, sessions and rate limits (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('headers@sec.test'));
    clientId = await t.createUser({ email: 'client@sec.test', role: 'USER', status: 'pending' });
  });
  afterAll(() => t.stop());

  /** A plain GET by fetch: a call's address, or an address no call names (a page, a signed link). */
  const get = (url: string | CallDef, headers: Record<string, string> = {}) =>
    fetch(t.base + (typeof url === 'string' ? url : urlOf(url)), {
      headers,
      signal: AbortSignal.timeout(10_000),
    });

  describe('headers (helmet, a strict Content-Security-Policy)', () => {
    /** The policy as directive -> sources. */
    const csp = (res: Response) =>
      Object.fromEntries(
        (res.headers.get('content-security-policy') ?? '')
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...sources]) => [name!, sources]),
      );

    it('sends a strict CSP and the other helmet headers on pages and on API replies of every kind', async () => {
      const auth = { authorization: `Bearer ${token}` };
      const replies: [string, Response][] = [
        ['static page', await get('/', { accept: 'text/html' })],
        ['app route page', await get('/users/new', { accept: 'text/html' })],
        ['public JSON', await get(calls.system.getServerInfo)],
        ['JSON 200 with a session', await get(calls.auth.getMe, auth)],
        ['401', await get(calls.auth.getMe)],
        ['404', await get(`${API_PREFIX}nothing-here`, auth)],
        [
          '400',
          await fetch(t.base + urlOf(calls.auth.loginAdmin), {
            method: 'POST',
            body: '{',
            headers: { 'content-type': 'application/json' },
          }),
        ],
        [
          '413',
          await fetch(t.base + urlOf(calls.auth.loginAdmin), {
            method: 'POST',
            body: JSON.stringify({ x: 'A'.repeat(300 * 1024) }),
            headers: { 'content-type': 'application/json' },
          }),
        ],
        [
          'signed link refused',
          await get(
            urlOf(calls.banks.openStoredFile, {
              params: { file: `${clientId}-1-a.pdf` },
              query: { exp: 1, sig: 'x' },
            }),
          ),
        ],
      ];
      for (const [label, res] of replies) {
        await res.arrayBuffer();
        const policy = csp(res);
        expect(policy['default-src'], label).toEqual(["'self'"]);
        expect(policy['script-src'], label).toEqual(["'self'"]);
        expect(policy['object-src'], label).toEqual(["'none'"]);
        expect(policy['frame-ancestors'], label).toEqual(["'none'"]);
        expect(policy['base-uri'], label).toEqual(["'self'"]);
        expect(policy['form-action'], label).toEqual(["'self'"]);
        expect(policy['connect-src'], label).toEqual(["'self'"]);
        expect(res.headers.get('content-security-policy'), label).not.toMatch(/unsafe-eval|\*/);
        expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
        expect(res.headers.get('x-frame-options'), label).toBe('SAMEORIGIN');
        expect(res.headers.get('referrer-policy'), label).toBe('no-referrer');
        expect(res.headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
        expect(res.headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
        expect(res.headers.get('x-permitted-cross-domain-policies'), label).toBe('none');
        expect(res.headers.get('x-dns-prefetch-control'), label).toBe('off');
        expect(res.headers.get('origin-agent-cluster'), label).toBe('?1');
        expect(res.headers.get('x-powered-by'), label).toBeNull();
        // HSTS belongs to the TLS proxy in front of the console (app.ts), not to plain-HTTP loopback.
        expect(res.headers.get('strict-transport-security'), label).toBeNull();
      }
    });

    it('answers JSON with a JSON content type, so that markup in data is never a page', async () => {
      const r = await get(calls.auth.getMe, { authorization: `Bearer ${token}` });
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    });
  });

  describe('no token in URLs', () => {
    it('takes the session only from the Authorization header, never from the query or a cookie', async () => {
      for (const url of [
        urlOf(calls.auth.getMe, { query: { token } }),
        urlOf(calls.auth.getMe, { query: { access_token: token } }),
        urlOf(calls.auth.getMe, { query: { authorization: `Bearer ${token}` } }),
        urlOf(calls.clients.listAdmins, { query: { token } }),
      ]) {
        expect((await get(url)).status, url).toBe(401);
      }
      expect((await get(calls.auth.getMe, { cookie: `token=${token}` })).status).toBe(401);
      expect((await get(calls.auth.getMe, { authorization: `Bearer ${token}` })).status).toBe(200);
    });

    it('puts the token in no URL, redirect or cookie it hands out', async () => {
      const before = t.smtp.count();
      const first = await fetch(t.base + urlOf(calls.auth.loginAdmin), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'headers@sec.test', password: PASSWORD }),
      });
      const { password: ticket } = (await first.json()) as { password: string };
      const mail = await t.smtp.next('headers@sec.test', before);
      const second = await fetch(t.base + urlOf(calls.auth.confirmLogin), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'headers@sec.test', password: ticket, code: codeFrom(mail) }),
      });
      const { token: fresh } = (await second.json()) as { token: string };
      for (const res of [first, second]) {
        expect(res.headers.get('location')).toBeNull();
        expect(res.headers.get('set-cookie')).toBeNull();
      }
      expect(mail.text).not.toContain(fresh);
      // Links the console hands out (signed document links) carry a signature, not the session.
      const up = await uploadFile(t, fresh, clientId, PDF, 'statement.pdf');
      expect(up.status).toBe(200);
      const sid = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()).sid as string;
      for (const secret of [fresh, sid, fresh.split('.')[2]!]) expect(up.body.url).not.toContain(secret);
    });

    it('has no web code that builds a URL with the token', () => {
      const webSrc = path.resolve(here, '../../../web/src');
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, e.name);
          if (e.isDirectory()) walk(full);
          else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push(full);
        }
      };
      walk(webSrc);
      expect(files.length).toBeGreaterThan(10);
      const offenders = files.filter((f) => {
        const text = fs.readFileSync(f, 'utf8');
        return (
          /[?&](access_)?token=/i.test(text) ||
          /searchParams\.(set|append)\(\s*['"`](access_)?token/i.test(text) ||
          /[?&]jwt=/i.test(text)
        );
      });
      expect(offenders).toEqual([]);
      // The one place that sends it does so in the Authorization header.
      const api = fs.readFileSync(path.join(webSrc, 'shared/api.ts'), 'utf8');
      expect(api).toMatch(/Authorization = `Bearer \$\{token\}`/);
    });
  });

  describe('logs and the database hold no secret (never a password, code or token)', () => {
    it('writes no password, code, ticket, token, device token or link secret to the log, and keeps only hashes', async () => {
      const email = 'logged@sec.test';
      await t.createUser({ email, password: PASSWORD, role: 'ADMIN' });
      logs.lines.length = 0;
      // Loose on purpose: wrong passwords and codes are sent as well, and every reply is read as it comes.
      const post = (def: CallDef, body: unknown, headers: Record<string, string> = {}) =>
        t.raw(def, { body }, headers);
      const secrets: Record<string, string> = { password: PASSWORD };

      // Sign-in: a wrong password, a ticket, a code, a resent code, a wrong code, then the session.
      await post(calls.auth.loginAdmin, { email, password: 'Wrong-Password-9' });
      let before = t.smtp.count();
      const first = await post(calls.auth.loginAdmin, { email, password: PASSWORD });
      secrets.ticket = first.body.password as string;
      secrets.code = codeFrom(await t.smtp.next(email, before));
      before = t.smtp.count();
      await post(calls.auth.resendLoginCode, { userEmail: email, password: secrets.ticket });
      secrets.resentCode = codeFrom(await t.smtp.next(email, before));
      const wrong = secrets.resentCode === '000000' ? '111111' : '000000';
      await post(calls.auth.confirmLogin, { email, password: secrets.ticket, code: wrong });
      const confirm = await post(calls.auth.confirmLogin, {
        email,
        password: secrets.ticket,
        code: secrets.resentCode,
      });
      expect(confirm.status).toBe(200);
      secrets.token = confirm.body.token as string;
      // The device token the browser keeps, and a sign-in that sends it.
      secrets.deviceToken = confirm.body.deviceToken as string;
      expect(secrets.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const known = await post(calls.auth.loginAdmin, {
        email,
        password: PASSWORD,
        device: secrets.deviceToken,
      });
      expect(known.status).toBe(200);
      const [, payload, signature] = secrets.token.split('.');
      secrets.tokenSignature = signature!;
      secrets.sessionId = JSON.parse(Buffer.from(payload!, 'base64url').toString()).sid;

      // Calls with the session, a poll, refusals with a bad and a dead token.
      const auth = t.auth(secrets.token);
      await t.call(calls.auth.getMe, {}, auth);
      await t.raw(calls.clients.pageUsers, { params: { status: 'all' }, body: { filters: {} } }, auth);
      await t.call(calls.system.countNewRequests, {}, { ...auth, 'x-background': '1' });
      await t.call(calls.auth.getMe, {}, { authorization: `Bearer ${secrets.token}x` });
      const upload = await uploadFile(t, secrets.token, clientId, PDF, 'statement.pdf');
      secrets.linkSignature = /sig=([^&]+)/.exec(upload.body.url as string)![1]!;
      await get(upload.body.url as string);

      // Password reset: the link from the mail opened in a browser, then used.
      before = t.smtp.count();
      await post(calls.auth.resetPassword, { email });
      const resetMail = await t.smtp.next(email, before);
      secrets.resetId = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(resetMail.text)![1]!;
      await get(`/resetpassword/${secrets.resetId}`, { accept: 'text/html' });
      secrets.newPassword = 'Another-Horse-2';
      expect(
        (await post(calls.auth.setNewPassword, { id: secrets.resetId, password: secrets.newPassword }))
          .status,
      ).toBe(200);
      await t.call(calls.auth.getMe, {}, auth);

      // Email confirmation links, as a page (GET) and as the page's call (POST).
      secrets.confirmId = newSecret();
      const now = t.clock.now();
      await t.db.insert(emailConfirmations).values({
        id: sha256(secrets.confirmId),
        userId: clientId,
        purpose: 'verify',
        createdAt: now,
        expiresAt: now + 3600,
      });
      // The link's page is a GET of the call's own address.
      await get(urlOf(calls.auth.confirmEmail, { params: { id: secrets.confirmId } }), {
        accept: 'text/html',
      });
      await t.raw(calls.auth.confirmEmail, { params: { id: secrets.confirmId }, body: {} });

      const text = logs.lines.join('');
      // The capture works, and refusals are logged (docs/product.md [security.logging]: refused
      // authorisations are logged).
      expect(text).toContain('incoming request');
      expect(text).toContain('refused: no live session');
      /** Each secret found, with the line it is on (the secret itself masked). */
      const found = (haystack: string) =>
        Object.entries(secrets).flatMap(([name, value]) => {
          const pattern = /^\d{6}$/.test(value)
            ? new RegExp(`(?<![\\w.-])${value}(?![\\w.-])`)
            : new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
          const line = haystack.split('\n').find((l) => pattern.test(l));
          return line ? [`${name}: ${line.replace(pattern, `<${name}>`).slice(0, 400)}`] : [];
        });
      expect(found(text), 'secrets in the log').toEqual([]);

      // Every table, as text: the database keeps hashes of sessions, tickets, codes and link ids.
      const tables = rowsOf<{ name: string }>(
        await t.db.execute(
          sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
        ),
      );
      let dump = '';
      for (const { name } of tables) {
        const rows = rowsOf<{ row: string }>(
          await t.db.execute(sql.raw(`select x::text as row from "${name}" x`)),
        );
        dump += rows.map((r) => r.row).join('\n');
      }
      expect(dump.length).toBeGreaterThan(1000);
      expect(found(dump), 'secrets stored in clear').toEqual([]);
    });
  });

  describe('sessions (15 minutes idle, polling is not activity, 12 hours absolute)', () => {
    it('lets no polling route keep a session alive; it ends exactly 15 idle minutes after the last call', async () => {
      const polls = routesOf(recorded, t.app).filter((r) => r.config.background && r.method === 'GET');
      expect(polls.length).toBeGreaterThanOrEqual(3);
      await t.createUser({ email: 'poller@sec.test', password: PASSWORD, role: 'ADMIN' });
      for (const route of polls) {
        const def = allCalls().find((c) => c.method === 'GET' && c.path === route.url);
        if (!def) throw new Error(`${route.url}: no call of the contract names this polling route`);
        const url = fillPath(route.url, { live: 'all', status: 'all' });
        const poller = await t.signIn('poller@sec.test', PASSWORD);
        const poll = async () =>
          (await t.raw(def, { params: { live: 'all', status: 'all' } }, t.auth(poller))).status;
        // Signed in at 0:00, then only polls: at 5:00, 10:00 and 14:59 still alive, none of them counted.
        expect(await poll(), `${url} at 0:00`).toBe(200);
        t.clock.advance(5 * 60);
        expect(await poll(), `${url} at 5:00`).toBe(200);
        t.clock.advance(5 * 60);
        expect(await poll(), `${url} at 10:00`).toBe(200);
        t.clock.advance(5 * 60 - 1);
        expect(await poll(), `${url} at 14:59`).toBe(200);
        t.clock.advance(1);
        expect(await poll(), `${url} at 15:00`).toBe(401);
      }
    });

    it('counts a staff action as activity, so the same session outlives 15 minutes', async () => {
      const active = await t.signIn('poller@sec.test', PASSWORD);
      t.clock.advance(10 * 60);
      expect((await t.call(calls.auth.getMe, {}, t.auth(active))).status).toBe(200);
      t.clock.advance(10 * 60);
      expect((await t.call(calls.auth.getMe, {}, t.auth(active))).status).toBe(200);
    });
  });

  describe('rate limits (login, code, resend and reset)', () => {
    type Answer = { status: number; body: unknown; retryAfter: string | undefined };
    /**
     * Calls from a loopback address of the test's own (127.0.0.x), so that each limit starts from zero
     * whatever else this file sent from 127.0.0.1.
     */
    const from =
      (address: string) =>
      (def: CallDef, input: RawInput = {}): Promise<Answer> =>
        new Promise((resolve, reject) => {
          const { method } = def;
          const url = urlOf(def, input);
          const data = input.body === undefined ? undefined : JSON.stringify(input.body);
          const headers: Record<string, string | number> = { accept: 'application/json' };
          if (data)
            Object.assign(headers, {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(data),
            });
          const req = http.request(t.base + url, { method, headers, localAddress: address }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => {
              const retry = res.headers['retry-after'];
              resolve({
                status: res.statusCode ?? 0,
                body: JSON.parse(text),
                retryAfter: retry === undefined ? undefined : String(retry),
              });
            });
          });
          req.on('error', reject);
          req.end(data);
        });

    /** Calls until the limit, then once more: the last answer is 429 in the error shape. */
    async function exhaust(limit: number, call: () => Promise<Answer>) {
      for (let i = 1; i <= limit; i++) expect((await call()).status, `call ${i}`).not.toBe(429);
      const over = await call();
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ errors: { server: MESSAGES.tooManyRequests } });
      expect(over.retryAfter).toMatch(/^\d+$/);
    }

    it('limits codes to 20 a minute per address and email', async () => {
      const call = from('127.0.0.2');
      const body = (email: string) => ({ email, password: 'not-a-ticket', code: '123456' });
      await exhaust(20, () => call(calls.auth.confirmLogin, { body: body('code@rl.test') }));
      // Keyed by email as well: another email from the same address is not held back.
      expect((await call(calls.auth.confirmLogin, { body: body('other@rl.test') })).status).toBe(400);
    });

    it('limits resends to 5 per 10 minutes per address and email', async () => {
      const call = from('127.0.0.3');
      const body = (userEmail: string) => ({ userEmail, password: 'not-a-ticket' });
      await exhaust(5, () => call(calls.auth.resendLoginCode, { body: body('resend@rl.test') }));
      expect((await call(calls.auth.resendLoginCode, { body: body('other@rl.test') })).status).toBe(200);
    });

    it('limits reset requests to 5 per 10 minutes per address and email', async () => {
      const call = from('127.0.0.4');
      await exhaust(5, () => call(calls.auth.resetPassword, { body: { email: 'reset@rl.test' } }));
      expect((await call(calls.auth.resetPassword, { body: { email: 'other@rl.test' } })).status).toBe(200);
    });

    it('limits new-password attempts and email-confirm lookups per address', async () => {
      const call = from('127.0.0.5');
      await exhaust(20, () =>
        call(calls.auth.setNewPassword, { body: { id: 'guess', password: 'Guess-Word-1' } }),
      );
      let n = 0;
      await exhaust(30, () => call(calls.auth.confirmEmail, { params: { id: `guess-${++n}` } }));
      // Another address is not held back by this one.
      expect((await from('127.0.0.6')(calls.auth.confirmEmail, { params: { id: 'guess' } })).status).toBe(
        404,
      );
    });
  });
});
