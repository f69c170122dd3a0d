import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { MESSAGES } from '@brokerdesk/contract';
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
});

describe(`the development outbox is never served with NODE_ENV=production (${testDbKind})`, () => {
  /** The app as main.ts builds it, with the outbox mailer, for the environment given. */
  async function outboxApp(env: Record<string, string>) {
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
      expect((await dev.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(200);
      expect((await dev.app.inject({ url: '/api/other/serverInfo' })).json()).toMatchObject({
        devOutbox: true,
      });
    } finally {
      await dev.stop();
    }
    // SMTP_URL is set (production refuses to start without it), yet an outbox mailer is handed in.
    const prod = await outboxApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const outbox = await prod.app.inject({ url: '/api/dev/outbox' });
      expect(outbox.statusCode).toBe(404);
      expect(outbox.body).not.toContain('123456');
      expect((await prod.app.inject({ url: '/api/other/serverInfo' })).json()).toMatchObject({
        devOutbox: false,
      });
    } finally {
      await prod.stop();
    }
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
    await viaProxy('POST', '/api/users/loginAdmin', wrong, { 'x-forwarded-for': '203.0.113.7' });
    expect(await lastRefusal(proxied)).toBe('203.0.113.7');
    // A peer that is not the trusted proxy cannot claim an address.
    await fromAddress(proxied.base, '127.0.0.2')('POST', '/api/users/loginAdmin', wrong, {
      'x-forwarded-for': '203.0.113.8',
    });
    expect(await lastRefusal(proxied)).toBe('127.0.0.2');
    // Without TRUST_PROXY the socket's address counts.
    await fromAddress(direct.base, '127.0.0.1')('POST', '/api/users/loginAdmin', wrong, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(await lastRefusal(direct)).toBe('127.0.0.1');
  });

  it('applies per-address limits to the client behind the proxy, not to the proxy', async () => {
    const viaProxy = fromAddress(proxied.base, '127.0.0.1');
    const as = (client: string, body: object) =>
      viaProxy('POST', '/api/users/loginAdmin', body, { 'x-forwarded-for': client });
    for (let i = 0; i < 10; i++) expect((await as('198.51.100.1', wrong)).status).toBe(400);
    const locked = await as('198.51.100.1', { email: 'proxy@p.test', password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ errors: { emailorpassword: MESSAGES.accountLocked } });
    // Another client through the same proxy is not locked out.
    expect((await as('198.51.100.2', { email: 'proxy@p.test', password: PASSWORD })).status).toBe(200);
  });
});
