import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { desc, eq } from 'drizzle-orm';
import { calls, MESSAGES, urlOf } from '@brokerdesk/contract';
import { buildApp } from '../../src/app.ts';
import { loadConfig, trustProxyConfig } from '../../src/config.ts';
import { auditLog } from '../../src/db/schema.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { devOutboxMailer } from '../../src/mail/mailer.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { startTestPlatform } from '../support/test-platform.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { fromAddress } from '../support/from-address.ts';

const PASSWORD = 'Correct-Horse-1';
const root = path.resolve(import.meta.dirname, '../../../..');

describe('configuration: production needs SMTP_URL; TRUST_PROXY as Fastify takes it', () => {
  it('refuses to start with NODE_ENV=production and no SMTP_URL, naming SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL is required with NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: '' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example:587' }).production).toBe(
      true,
    );
    expect(loadConfig({}).production).toBe(false);
  });

  it('reads TRUST_PROXY as unset, true, a hop count, or addresses and CIDR ranges; anything else stops the server', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxyConfig('')).toBe(false);
    expect(trustProxyConfig('true')).toBe(true);
    expect(trustProxyConfig('2')).toBe(2);
    expect(trustProxyConfig('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxyConfig(' 10.0.0.0/8, ::1 ,loopback')).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    for (const bad of ['nginx', '10.0.0.0/33', '127.0.0.1,', '1.2.3.4/8/8', 'fe80::/129'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://relay.example:587' };

  it('refuses TRUST_PROXY=true with NODE_ENV=production in one line saying what to use, and takes it in development', () => {
    let message = '';
    try {
      loadConfig({ ...production, TRUST_PROXY: 'true' });
    } catch (err) {
      message = (err as Error).message;
    }
    const lines = message.split('\n').filter((l) => l.includes('TRUST_PROXY'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('TRUST_PROXY=true is refused with NODE_ENV=production');
    expect(lines[0]).toContain(
      'use the number of proxies in front of the server, e.g. 1, or their addresses/CIDRs',
    );
    expect(() => loadConfig({ ...production, TRUST_PROXY: ' TRUE ' })).toThrow(/TRUST_PROXY=true is refused/);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('takes a number of proxies or their addresses/CIDRs in production; refuses anything else saying what to use', () => {
    const cases: [string, unknown][] = [
      ['1', 1],
      ['2', 2],
      ['10.0.0.1,10.0.0.2', ['10.0.0.1', '10.0.0.2']],
      ['10.0.0.0/8', ['10.0.0.0/8']],
      ['0', false],
    ];
    for (const [value, trustProxy] of cases)
      expect(loadConfig({ ...production, TRUST_PROXY: value }).trustProxy, value).toEqual(trustProxy);
    for (const bad of ['yes', '-1', '1.5', 'true,10.0.0.1'])
      for (const env of [{}, production]) {
        const refused = () => loadConfig({ ...env, TRUST_PROXY: bad });
        expect(refused, bad).toThrow(
          /TRUST_PROXY: ".+" is neither a number of proxies nor an address or CIDR range/,
        );
        // What to use instead, and never `true`.
        expect(refused, bad).toThrow(
          /\(use the number of proxies in front of the server, e\.g\. 1, or their addresses\/CIDRs/,
        );
      }
  });

  it('stops the production server at start on TRUST_PROXY=true with that line, not a stack trace', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-trust-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...production,
      TRUST_PROXY: 'true',
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: 'off',
      DATA_DIR: dataDir,
    };
    delete env.TEST_DATABASE_URL;
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    // A server that starts after all must not outlive the test.
    const deadline = setTimeout(() => child.kill('SIGKILL'), 30_000);
    try {
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect(code, output).toBe(1);
    } finally {
      clearTimeout(deadline);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(output).not.toMatch(/^\s+at /m);
    const lines = output.split('\n').filter((l) => l.includes('TRUST_PROXY'));
    expect(lines, output).toHaveLength(1);
    expect(lines[0]).toMatch(
      /TRUST_PROXY=true is refused with NODE_ENV=production: .*use the number of proxies/,
    );
  }, 60_000);
});

describe(`the development outbox is never served with NODE_ENV=production (${testDbKind})`, () => {
  /** The app as main.ts builds it, with the outbox mailer, for the environment given. */
  async function outboxApp(env: Record<string, string>, logger?: FastifyBaseLogger) {
    const database = await openTestDatabase();
    const clock = manualClock(1_790_000_000);
    const platform = await startTestPlatform(database.db, clock, { kind: 'simulator' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-outbox-'));
    const mailer = devOutboxMailer(database.db, clock, { info: () => {} });
    await mailer.send({ to: 'a@b.test', subject: 'Your Brokerdesk sign-in code', text: '123456' });
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, ...env }),
      database,
      mailer,
      platforms: [platform.platform],
      clock,
      secret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      logger,
    });
    return {
      app,
      async stop() {
        await app.close();
        await platform.stop();
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  it('serves it to loopback in development, and never in production', async () => {
    const dev = await outboxApp({});
    try {
      expect((await dev.app.inject({ url: urlOf(calls.system.getDevOutbox) })).statusCode).toBe(200);
      expect((await dev.app.inject({ url: urlOf(calls.system.getServerInfo) })).json()).toMatchObject({
        devOutbox: true,
      });
    } finally {
      await dev.stop();
    }
    // SMTP_URL is set (production refuses to start without it), yet an outbox mailer is handed in.
    const prod = await outboxApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const outbox = await prod.app.inject({ url: urlOf(calls.system.getDevOutbox) });
      expect(outbox.statusCode).toBe(404);
      expect(outbox.body).not.toContain('123456');
      expect((await prod.app.inject({ url: urlOf(calls.system.getServerInfo) })).json()).toMatchObject({
        devOutbox: false,
      });
    } finally {
      await prod.stop();
    }
  });

  it('warns at start that TRUST_PROXY=true believes any X-Forwarded-For, outside production', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const dev = await outboxApp({ TRUST_PROXY: 'true' }, logger);
    await dev.stop();
    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(
          /^TRUST_PROXY=true believes whatever X-Forwarded-For a client sends.*NODE_ENV=production refuses it/,
        ),
      }),
    );
    // Not for a setting that names its proxies.
    lines.length = 0;
    await (await outboxApp({ TRUST_PROXY: '1' }, logger)).stop();
    expect(lines.join('')).not.toContain('TRUST_PROXY');
  });
});

describe(`the development outbox answers the socket's own peer on this machine, whatever TRUST_PROXY (${testDbKind})`, () => {
  const OUTBOX = calls.system.getDevOutbox;
  // 127.0.0.2 stands in for another machine: the outbox serves 127.0.0.1 and ::1 only.
  const OTHER_PEER = '127.0.0.2';
  let trustAll: TestApp;
  let oneProxy: TestApp;
  beforeAll(async () => {
    trustAll = await startTestApp({ env: { TRUST_PROXY: 'true' }, devOutbox: true });
    oneProxy = await startTestApp({ env: { TRUST_PROXY: '1' }, devOutbox: true });
    await oneProxy.createUser({ email: 'hop@p.test', password: PASSWORD });
  });
  afterAll(async () => {
    await trustAll.stop();
    await oneProxy.stop();
  });

  it('refuses a forged X-Forwarded-For: 127.0.0.1 with TRUST_PROXY=true in development', async () => {
    // A browser on this machine is served.
    expect((await fromAddress(trustAll.base, '127.0.0.1')(OUTBOX)).status).toBe(200);
    // Another machine claiming to be this one.
    const forged = await fromAddress(trustAll.base, OTHER_PEER)(OUTBOX, undefined, {
      'x-forwarded-for': '127.0.0.1',
    });
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ errors: { server: MESSAGES.notFound } });
    // The same claim through a proxy on this machine that appends the real peer.
    const viaProxy = await fromAddress(trustAll.base, '127.0.0.1')(OUTBOX, undefined, {
      'x-forwarded-for': '127.0.0.1, 203.0.113.9',
    });
    expect(viaProxy.status).toBe(404);
  });

  it('with TRUST_PROXY=1 refuses a client that reaches the server directly claiming 127.0.0.1', async () => {
    const direct = await fromAddress(oneProxy.base, OTHER_PEER)(OUTBOX, undefined, {
      'x-forwarded-for': '127.0.0.1',
    });
    expect(direct.status).toBe(404);
    expect((await fromAddress(oneProxy.base, '127.0.0.1')(OUTBOX)).status).toBe(200);
  });

  it('with TRUST_PROXY=1 sees the client behind one appending proxy as the right-most address: no outbox, limits on the real address', async () => {
    // The proxy (127.0.0.1) appends the peer it saw to what the client wrote.
    const viaProxy = fromAddress(oneProxy.base, '127.0.0.1');
    const from = (claimed: string, real: string) => ({ 'x-forwarded-for': `${claimed}, ${real}` });
    expect((await viaProxy(OUTBOX, undefined, from('127.0.0.1', '198.51.100.20'))).status).toBe(404);
    const wrong = { email: 'hop@p.test', password: 'wrong-password' };
    const right = { email: 'hop@p.test', password: PASSWORD };
    // A fresh forged address per try: the real one is counted (a fresh address would not be held back).
    for (let i = 1; i <= 4; i++)
      expect(
        (await viaProxy(calls.auth.loginAdmin, wrong, from(`203.0.113.${i}`, '198.51.100.20'))).status,
      ).toBe(400);
    const slowed = await viaProxy(calls.auth.loginAdmin, right, from('203.0.113.99', '198.51.100.20'));
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ errors: { emailorpassword: MESSAGES.signInSlowed(1) } });
    const refusal = await oneProxy.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sign-in.refused'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(refusal[0]?.ip).toBe('198.51.100.20');
    // Another client behind the same proxy is not held back.
    expect((await viaProxy(calls.auth.loginAdmin, right, from('203.0.113.99', '198.51.100.21'))).status).toBe(
      200,
    );
  });
});

describe(`behind a proxy: TRUST_PROXY decides the client address for limits and the audit trail (${testDbKind})`, () => {
  let proxied: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    direct = await startTestApp();
    for (const t of [proxied, direct]) await t.createUser({ email: 'proxy@p.test', password: PASSWORD });
  });
  afterAll(async () => {
    await proxied.stop();
    await direct.stop();
  });

  const lastRefusal = async (t: TestApp) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'sign-in.refused'))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0]?.ip;
  const wrong = { email: 'proxy@p.test', password: 'wrong-password' };

  it('records the forwarded client address from a trusted proxy, and ignores the header otherwise', async () => {
    const viaProxy = fromAddress(proxied.base, '127.0.0.1');
    await viaProxy(calls.auth.loginAdmin, wrong, { 'x-forwarded-for': '203.0.113.7' });
    expect(await lastRefusal(proxied)).toBe('203.0.113.7');
    // A peer that is not the trusted proxy cannot claim an address.
    await fromAddress(proxied.base, '127.0.0.2')(calls.auth.loginAdmin, wrong, {
      'x-forwarded-for': '203.0.113.8',
    });
    expect(await lastRefusal(proxied)).toBe('127.0.0.2');
    // Without TRUST_PROXY the socket's address counts.
    await fromAddress(direct.base, '127.0.0.1')(calls.auth.loginAdmin, wrong, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(await lastRefusal(direct)).toBe('127.0.0.1');
  });

  it('applies per-address limits to the client behind the proxy, not to the proxy', async () => {
    const viaProxy = fromAddress(proxied.base, '127.0.0.1');
    const as = (client: string, body: object) =>
      viaProxy(calls.auth.loginAdmin, body, { 'x-forwarded-for': client });
    // An account of its own: the test above counted failures on proxy@p.test.
    const email = 'behind@p.test';
    await proxied.createUser({ email, password: PASSWORD });
    for (let i = 0; i < 4; i++)
      expect((await as('198.51.100.1', { email, password: 'wrong-password' })).status).toBe(400);
    const slowed = await as('198.51.100.1', { email, password: PASSWORD });
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ errors: { emailorpassword: MESSAGES.signInSlowed(1) } });
    // Another client through the same proxy is not held back.
    expect((await as('198.51.100.2', { email, password: PASSWORD })).status).toBe(200);
  });
});
