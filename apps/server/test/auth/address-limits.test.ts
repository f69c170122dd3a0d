import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, MESSAGES, type CallDef } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { fromAddress, type AddressReply } from '../support/from-address.ts';
import { PER_ADDRESS_LIMITS } from '../../src/auth/routes.ts';

const PASSWORD = 'Correct-Horse-1';

type Call = (body: object, extra?: Record<string, string>) => Promise<AddressReply>;

/**
 * Limits per client address alone: one address spreading its calls over
 * many emails, each with a budget of its own, is held back once it has made the route's per-address
 * number of calls, whichever emails they named. Every call below names a new email, so no per-email
 * limit is ever reached: a 429 can only come from the per-address one.
 */
describe(`limits per client address across every email (${testDbKind})`, () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    proxied = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    await t.createUser({ email: 'last@address.test', password: PASSWORD });
    await proxied.createUser({ email: 'behind@address.test', password: PASSWORD });
  });
  afterAll(async () => {
    await t.stop();
    await proxied.stop();
  });

  const post =
    (app: TestApp, address: string, def: CallDef): Call =>
    (body, extra) =>
      fromAddress(app.base, address)(def, body, extra);

  /** Spends an address's budget with `limit` calls, each naming another email: none is refused. */
  async function spend(limit: number, call: (i: number) => Promise<AddressReply>) {
    for (let i = 0; i < limit; i++) {
      const r = await call(i);
      expect(r.status, `call ${i + 1}: ${JSON.stringify(r.body)}`).not.toBe(429);
    }
  }
  function expectHeldBack(r: AddressReply) {
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ errors: { server: MESSAGES.tooManyRequests } });
    expect(r.retryAfter).toMatch(/^\d+$/);
  }

  it(`refuses password tries against ever new accounts after ${PER_ADDRESS_LIMITS.loginAdmin} calls from one address`, async () => {
    const call = post(t, '127.0.0.71', calls.auth.loginAdmin);
    // A few real wrong passwords, then bodies that fail validation (they count too, and cost no hashing).
    await spend(5, async (i) => {
      const r = await call({ email: `guess${i}@address.test`, password: 'Wrong-Guess-1' });
      expect(r.status).toBe(400);
      return r;
    });
    await spend(PER_ADDRESS_LIMITS.loginAdmin - 5, (i) => call({ email: `spray${i}@address.test` }));
    // The right password of an account this address never named before: still held back.
    expectHeldBack(await call({ email: 'last@address.test', password: PASSWORD }));
    // Another address is not.
    expect(
      (await post(t, '127.0.0.72', calls.auth.loginAdmin)({ email: 'last@address.test', password: PASSWORD }))
        .status,
    ).toBe(200);
  });

  it(`refuses code checks after ${PER_ADDRESS_LIMITS.loginConfirm} calls from one address`, async () => {
    const call = post(t, '127.0.0.73', calls.auth.confirmLogin);
    const body = (i: number) => ({
      email: `code${i}@address.test`,
      password: 'not-a-ticket',
      code: '123456',
    });
    await spend(5, (i) => call(body(i)));
    await spend(PER_ADDRESS_LIMITS.loginConfirm - 5, (i) => call({ email: `bad${i}@address.test` }));
    expectHeldBack(await call(body(-1)));
    expect((await post(t, '127.0.0.74', calls.auth.confirmLogin)(body(-1))).status).toBe(400);
  });

  it(`refuses resend requests after ${PER_ADDRESS_LIMITS.resend} calls from one address`, async () => {
    const call = post(t, '127.0.0.75', calls.auth.resendLoginCode);
    const body = (i: number) => ({ userEmail: `resend${i}@address.test`, password: 'not-a-ticket' });
    await spend(PER_ADDRESS_LIMITS.resend, (i) => call(body(i)));
    expectHeldBack(await call(body(-1)));
    expect((await post(t, '127.0.0.76', calls.auth.resendLoginCode)(body(-1))).status).toBe(200);
  });

  it(`refuses reset requests after ${PER_ADDRESS_LIMITS.reset} calls from one address, and sends no mail then`, async () => {
    const call = post(t, '127.0.0.77', calls.auth.resetPassword);
    await spend(PER_ADDRESS_LIMITS.reset, (i) => call({ email: `reset${i}@address.test` }));
    const before = t.smtp.count();
    expectHeldBack(await call({ email: 'last@address.test' }));
    expect(
      (await post(t, '127.0.0.78', calls.auth.resetPassword)({ email: 'last@address.test' })).status,
    ).toBe(200);
    // Only the second address's request mailed a link.
    await t.smtp.next('last@address.test', before);
    expect(t.smtp.count()).toBe(before + 1);
  });

  it('counts the client behind a trusted proxy, not the proxy: other clients through it are not held back', async () => {
    const viaProxy = post(proxied, '127.0.0.1', calls.auth.loginAdmin);
    const as = (client: string, body: object) => viaProxy(body, { 'x-forwarded-for': client });
    await spend(PER_ADDRESS_LIMITS.loginAdmin, (i) => as('198.51.100.9', { email: `p${i}@address.test` }));
    expectHeldBack(await as('198.51.100.9', { email: 'behind@address.test', password: PASSWORD }));
    expect((await as('198.51.100.10', { email: 'behind@address.test', password: PASSWORD })).status).toBe(
      200,
    );
  });
});
