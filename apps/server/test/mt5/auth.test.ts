import fs from 'node:fs';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../src/integrations/platform/types.ts';
import { testTls } from '../support/fake-mt5/certs.ts';
import { closedPort, connect, startFake } from './harness.ts';

describe('MT5 client: the handshake', () => {
  it('reports a wrong manager password through status(), without throwing', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url, { password: 'Wrong123' });
    const health = await mt5.status();
    expect(health).toEqual({ ok: false, reason: expect.stringMatching(/authentication failed: 1001/) });
    // Answered from memory: a status light polling every few seconds must not get the IP blocked.
    await expect(mt5.getAccount(1)).rejects.toMatchObject({ kind: 'permanent', code: 1001 });
    expect(fake.counters).toMatchObject({ auths: 0, authStarts: 1, authFailures: 1, unauthenticated: 0 });
  });

  it('tries a refused login again once the hold-off has passed', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url, { password: 'Wrong123', authHoldOffMs: 0 });
    expect(await mt5.status()).toMatchObject({ ok: false });
    expect(await mt5.status()).toMatchObject({ ok: false });
    expect(fake.counters.authFailures).toBe(2);
  });

  it('reports a wrong manager login the same way', async () => {
    const { url } = await startFake();
    const mt5 = connect(url, { login: 4242 });
    expect(await mt5.status()).toMatchObject({ ok: false, reason: expect.stringMatching(/1001/) });
  });

  it('reports an unreachable server through status(), and as transient to callers', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const mt5 = connect(url);
    expect(await mt5.status()).toEqual({
      ok: false,
      reason: expect.stringMatching(/unreachable.*ECONNREFUSED/),
    });
    const err = await mt5.balance(1, 10, 'dep:x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'transient' });
  });

  it('refuses a server that cannot prove it knows the manager password', async () => {
    const { fake, url } = await startFake();
    fake.faults.impostor();
    const mt5 = connect(url, { authHoldOffMs: 0 });
    expect(await mt5.status()).toEqual({ ok: false, reason: expect.stringMatching(/not genuine/) });
    await expect(
      mt5.createAccount({
        name: 'A',
        group: 'demo\\forex',
        leverage: 1,
        passwordMain: 'Main1234',
        passwordInvestor: 'Invest12',
      }),
    ).rejects.toMatchObject({
      kind: 'permanent',
      message: expect.stringMatching(/not genuine/),
    });
    // Only handshakes reached the impostor; no call was sent on its connection.
    expect(fake.counters.requests).toBe(fake.counters.authStarts * 2);
    fake.faults.impostor(false);
    expect(await mt5.status()).toEqual({ ok: true });
  });
});

describe('MT5 client: HTTPS', () => {
  it('trusts a private CA given as a file path or as PEM text', async () => {
    const { url } = await startFake({ tls: testTls });
    expect(url).toMatch(/^https:/);
    expect(await connect(url, { ca: testTls.caPath }).status()).toEqual({ ok: true });
    const pem = fs.readFileSync(testTls.caPath, 'utf8');
    expect(await connect(url, { ca: pem }).status()).toEqual({ ok: true });
  });

  it('refuses a certificate it cannot verify', async () => {
    const { fake, url } = await startFake({ tls: testTls });
    const health = await connect(url).status();
    expect(health).toEqual({ ok: false, reason: expect.stringMatching(/certificate not trusted.*MT5_CA/) });
    expect(fake.counters.requests).toBe(0);
  });
});

describe('the fake MT5 server', () => {
  function get(
    agent: http.Agent,
    url: string,
    path: string,
  ): Promise<{ status: number; body: { retcode: string } }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${url}${path}`, { agent }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        })
        .on('error', reject);
    });
  }

  it('answers a call on a connection that has not authenticated with HTTP 403', async () => {
    const { fake, url } = await startFake();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const reply = await get(agent, url, '/api/user/get?login=1');
    expect(reply.status).toBe(403);
    expect(fake.counters.unauthenticated).toBe(1);
    agent.destroy();
  });

  it('binds the session to the connection that authenticated', async () => {
    const { fake, url } = await startFake();
    const mt5 = connect(url);
    await mt5.status();
    const other = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(other, url, '/api/test/access')).status).toBe(403);
    expect(await mt5.status()).toEqual({ ok: true });
    expect(fake.counters).toMatchObject({ auths: 1, connections: 2, unauthenticated: 1 });
    other.destroy();
  });
});
