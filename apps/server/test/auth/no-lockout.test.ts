import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { calls, MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { codeFrom } from '../support/smtp-receiver.ts';
import { testDbKind } from '../support/db.ts';
import { fromAddress, type AddressReply } from '../support/from-address.ts';
import { auditLog, signInThrottle } from '../../src/db/schema.ts';
import {
  ACCOUNT_DELAY_CAP_S,
  ADDRESS_DELAY_CAP_S,
  ALERT_AFTER,
  ALERT_EVERY_S,
  FREE_ADDRESS_FAILURES,
  FREE_FAILURES,
} from '../../src/auth/sign-in-limits.ts';
import { DEVICE_TTL_S } from '../../src/auth/devices.ts';

const PASSWORD = 'Correct-Horse-1';
const WRONG = 'Wrong-Guess-1';
const LOGIN = calls.auth.loginAdmin;
const CONFIRM = calls.auth.confirmLogin;
const CODE_SUBJECT = 'Your Brokerdesk sign-in code';
const ALERT_SUBJECT = 'Failed sign-ins to your Brokerdesk account';

/**
 * No lockout anyone can cause from outside (docs/decisions.md "Sign-in without lockouts"): wrong
 * passwords slow sign-in down per account and per address, a browser that signed in before keeps
 * signing in, and the owner is told once an hour. The old rule (10 wrong passwords lock an address out,
 * 50 from anywhere lock the account for 30 minutes) fails every test here.
 *
 * Each address below stays under the in-memory limit of 20 sign-in calls a minute per address and
 * email (auth/routes.ts), which counts real time, not the test's clock.
 */
describe(`sign-in without lockouts (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  const from = (address: string) => fromAddress(t.base, address);
  const login = (address: string, email: string, password: string, device?: string) =>
    from(address)(LOGIN, { email, password, ...(device === undefined ? {} : { device }) });

  /** The first sign-in code mailed to `email` after `after` mails (a notice of failed sign-ins may come first). */
  async function codeFor(email: string, after: number): Promise<string> {
    for (let index = after; ;) {
      const mail = await t.smtp.next(email, index);
      if (mail.subject === CODE_SUBJECT) return codeFrom(mail);
      index = t.smtp.mails.indexOf(mail) + 1;
    }
  }

  /** Both steps from one address; the first must be let through at once. */
  async function signInFrom(address: string, email: string, device?: string) {
    const before = t.smtp.count();
    const first = await login(address, email, PASSWORD, device);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const code = await codeFor(email, before);
    const ticket = (first.body as { password: string }).password;
    const second = await from(address)(CONFIRM, { email, password: ticket, code });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    return second.body as { token: string; deviceToken?: string };
  }

  function expectSlowed(r: AddressReply, seconds?: number) {
    expect(r.status, JSON.stringify(r.body)).toBe(429);
    expect(r.retryAfter).toMatch(/^[1-9]\d*$/);
    if (seconds !== undefined) expect(Number(r.retryAfter)).toBe(seconds);
    expect(r.body).toMatchObject({
      errors: { emailorpassword: MESSAGES.signInSlowed(Number(r.retryAfter)) },
    });
  }

  it('five addresses sending wrong passwords cannot keep the owner out: a known device signs in at once, a new device and a mistyping owner within a minute', async () => {
    const email = 'olga.owner@lockout.test';
    await t.createUser({ email, password: PASSWORD });
    const { deviceToken } = await signInFrom('127.0.1.9', email);
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const attackers = [1, 2, 3, 4, 5].map((i) => `127.0.1.${i}`);
    let failures = 0;
    let waits = 0;
    const attack = async (address: string) => {
      const r = await login(address, email, WRONG);
      if (r.status === 400) failures++;
      else {
        expectSlowed(r);
        waits++;
      }
    };
    /**
     * The owner without the device token, from `address`: tries, and on a 429 waits what Retry-After
     * says (at most a minute) while every attacker strikes again first. In within 60 s of clock time.
     */
    const owner = async (address: string, mistype = false) => {
      const start = t.clock.now();
      if (mistype) expect((await login(address, email, WRONG)).status).toBe(400);
      for (;;) {
        const before = t.smtp.count();
        const r = await login(address, email, PASSWORD);
        if (r.status === 200) {
          const code = await codeFor(email, before);
          const ticket = (r.body as { password: string }).password;
          expect((await from(address)(CONFIRM, { email, password: ticket, code })).status).toBe(200);
          break;
        }
        expectSlowed(r);
        expect(Number(r.retryAfter)).toBeLessThanOrEqual(ACCOUNT_DELAY_CAP_S);
        t.clock.advance(Number(r.retryAfter));
        for (const a of attackers) await attack(a);
      }
      expect(t.clock.now() - start).toBeLessThanOrEqual(ACCOUNT_DELAY_CAP_S);
    };

    // A burst from every address, then each of them once a minute, taking turns every 12 seconds.
    for (const a of attackers) for (let i = 0; i < 4; i++) await attack(a);
    for (let minute = 1; minute <= 13; minute++) {
      for (const a of attackers) {
        await attack(a);
        t.clock.advance(12);
      }
      // Right after the attackers: the owner's browser that signed in before, at once, every minute.
      const again = await signInFrom('127.0.1.9', email, deviceToken);
      // A known device keeps its token (renewed), so no new one is handed out.
      expect(again.deviceToken).toBeUndefined();
      if (minute % 4 === 0) await owner(`127.0.2.${minute}`);
    }
    // As many wrong passwords as locked the account before (10 per address, 50 in all), slowed, not locked.
    expect(failures).toBeGreaterThanOrEqual(50);
    expect(waits).toBeGreaterThan(0);
    // The owner on a new device who first mistypes: held back by its own failure, a minute at most.
    await owner('127.0.3.1', true);
  });

  it('slows down with growing delays answered 429 with Retry-After: past a minute for one address, never more than a minute for the account', async () => {
    // One address against one account: free tries, then 1, 2, 4 ... seconds, on past a minute.
    const email = 'gus.grow@lockout.test';
    await t.createUser({ email, password: PASSWORD });
    const one = '127.0.4.1';
    for (let i = 0; i <= FREE_FAILURES; i++) expect((await login(one, email, WRONG)).status).toBe(400);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await login(one, email, WRONG);
      expectSlowed(r);
      waits.push(Number(r.retryAfter));
      t.clock.advance(Number(r.retryAfter));
      expect((await login(one, email, WRONG)).status).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);
    // The right password waits too: the check comes before the password is compared.
    expectSlowed(await login(one, email, PASSWORD), 128);
    // An address that never failed on the account is not held back by those failures.
    await signInFrom('127.0.4.2', email);
    // One that failed once waits for the account's failures, a minute at most; then it is let in.
    expect((await login('127.0.4.3', email, WRONG)).status).toBe(400);
    expectSlowed(await login('127.0.4.3', email, PASSWORD), ACCOUNT_DELAY_CAP_S);
    t.clock.advance(ACCOUNT_DELAY_CAP_S);
    await signInFrom('127.0.4.3', email);

    // Many addresses, each failing on one account: what any of them waits for the account's failures
    // grows with them and stops at a minute.
    const wide = 'ava.cap@lockout.test';
    await t.createUser({ email: wide, password: PASSWORD });
    const accountWaits: number[] = [];
    for (let i = 1; i <= 16; i++) {
      const address = `127.0.5.${i}`;
      expect((await login(address, wide, WRONG)).status).toBe(400);
      const r = await login(address, wide, WRONG);
      if (r.status === 429) {
        expectSlowed(r);
        accountWaits.push(Number(r.retryAfter));
      } else expect(r.status).toBe(400);
    }
    expect(accountWaits.length).toBeGreaterThan(8);
    expect(accountWaits).toEqual([...accountWaits].sort((a, b) => a - b));
    expect(Math.max(...accountWaits)).toBe(ACCOUNT_DELAY_CAP_S);
    // And every one of them is let in after that minute.
    t.clock.advance(ACCOUNT_DELAY_CAP_S);
    expect((await login('127.0.5.16', wide, PASSWORD)).status).toBe(200);

    // One address trying a password on ever new emails: its own count across accounts, past a minute
    // too, up to ADDRESS_DELAY_CAP_S.
    const spray = from('127.0.6.1');
    let n = 0;
    const guess = () => spray(LOGIN, { email: `spray${n++}@lockout.test`, password: WRONG });
    for (let i = 0; i <= FREE_ADDRESS_FAILURES; i++) expect((await guess()).status).toBe(400);
    const sprayWaits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await guess();
      expectSlowed(r);
      sprayWaits.push(Number(r.retryAfter));
      t.clock.advance(Number(r.retryAfter));
      expect((await guess()).status).toBe(400);
    }
    expect(sprayWaits).toEqual([
      1,
      2,
      4,
      8,
      16,
      32,
      64,
      128,
      256,
      512,
      ADDRESS_DELAY_CAP_S,
      ADDRESS_DELAY_CAP_S,
    ]);
  });

  it('lets parallel guesses past no delay: each is counted before its password is compared', async () => {
    const email = 'pia.parallel@lockout.test';
    await t.createUser({ email, password: PASSWORD });
    const replies = await Promise.all(Array.from({ length: 12 }, () => login('127.0.4.9', email, WRONG)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(FREE_FAILURES + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - FREE_FAILURES - 1);
  });

  it('mails the owner once per hour of attack, not per failure, and nobody for an unknown email', async () => {
    const email = 'mia.mail@lockout.test';
    const userId = await t.createUser({ email, password: PASSWORD });
    const ghost = 'nobody.here@lockout.test';
    const alerts = async () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'sign-in.alerted'), eq(auditLog.entityId, userId)))
        .orderBy(asc(auditLog.id));
    const mailsTo = (to: string) =>
      t.smtp.mails.filter((m) => m.to.includes(to) && m.subject === ALERT_SUBJECT);

    // Two hours and five minutes of one wrong password a minute, from addresses taking turns.
    const start = t.clock.now();
    let failures = 0;
    for (let minute = 0; minute < 125; minute++) {
      const address = `127.0.7.${1 + (minute % 40)}`;
      const r = await login(address, email, WRONG);
      expect(r.status).toBe(400);
      failures++;
      if (minute < 30) expect((await login(address, ghost, WRONG)).status).toBe(400);
      t.clock.advance(60);
    }
    expect(failures).toBe(125);
    const sent = await alerts();
    // The ALERT_AFTER-th failure mails, then one an hour later: two mails for 125 failures.
    expect(sent.map((a) => a.at - start)).toEqual([
      (ALERT_AFTER - 1) * 60,
      (ALERT_AFTER - 1) * 60 + ALERT_EVERY_S,
    ]);
    expect(sent[0]!.after).toMatchObject({ failures: ALERT_AFTER });
    const first = await t.smtp.next(email, 0);
    expect(first.subject).toBe(ALERT_SUBJECT);
    expect(first.text).toContain(`${ALERT_AFTER} wrong passwords`);
    expect(first.text).toContain('not locked');

    // A sign-in's code mail is sent after both notices: once it is here, every notice is too.
    await signInFrom('127.0.7.99', email);
    const afterCode = t.smtp.count();
    expect(mailsTo(email)).toHaveLength(2);
    expect(mailsTo(ghost)).toHaveLength(0);
    expect(t.smtp.mails.filter((m) => m.to.includes(ghost))).toHaveLength(0);

    // After a quiet spell the counts are forgotten, and a new attack is told about once more.
    t.clock.advance(2 * ALERT_EVERY_S);
    for (let i = 0; i < ALERT_AFTER; i++)
      expect((await login(`127.0.7.${50 + i}`, email, WRONG)).status).toBe(400);
    expect(await alerts()).toHaveLength(3);
    expect((await t.smtp.next(email, afterCode)).subject).toBe(ALERT_SUBJECT);
    expect(mailsTo(email)).toHaveLength(3);
  });

  it("limits a known device on its own; another account's token, a stale one or a malformed one earns nothing", async () => {
    const email = 'dora.device@lockout.test';
    await t.createUser({ email, password: PASSWORD });
    const { deviceToken } = await signInFrom('127.0.8.1', email);
    const device = deviceToken!;

    // Guessing with the token: its own free tries, then its own growing delay.
    for (let i = 0; i <= FREE_FAILURES; i++)
      expect((await login('127.0.8.1', email, WRONG, device)).status).toBe(400);
    expectSlowed(await login('127.0.8.1', email, PASSWORD, device), 1);
    // Those failures are the device's only: the same address without it is not held back.
    expect((await login('127.0.8.1', email, PASSWORD)).status).toBe(200);
    t.clock.advance(1);
    expect((await login('127.0.8.1', email, PASSWORD, device)).status).toBe(200);

    // An address held back on this account gains nothing from another account's token.
    await t.createUser({ email: 'ed.other@lockout.test', password: PASSWORD });
    const { deviceToken: other } = await signInFrom('127.0.8.2', 'ed.other@lockout.test');
    for (let i = 0; i <= FREE_FAILURES; i++)
      expect((await login('127.0.8.3', email, WRONG)).status).toBe(400);
    expectSlowed(await login('127.0.8.3', email, PASSWORD, other), 1);
    // ... while the account's own token goes through from there.
    expect((await login('127.0.8.3', email, PASSWORD, device)).status).toBe(200);

    // A malformed token is bad input: 400 naming the field, and nothing is counted.
    const rowsBefore = (await t.db.select({ n: count() }).from(signInThrottle))[0]!.n;
    for (const bad of ['x', device.slice(1), `${device}=`, 42, null]) {
      const r = await login('127.0.8.4', email, WRONG, bad as string);
      expect(r.status, String(bad)).toBe(400);
      expect(r.body).toMatchObject({ errors: { device: MESSAGES.deviceInvalid } });
    }
    expect((await t.db.select({ n: count() }).from(signInThrottle))[0]!.n).toBe(rowsBefore);

    // Signing in with it keeps it known: 80 days, then 80 more, still known (renewed each time).
    t.clock.advance(80 * 24 * 3600);
    expect((await signInFrom('127.0.8.5', email, device)).deviceToken).toBeUndefined();
    t.clock.advance(80 * 24 * 3600);
    for (let i = 0; i <= FREE_FAILURES; i++)
      expect((await login('127.0.8.6', email, WRONG)).status).toBe(400);
    expect((await login('127.0.8.6', email, PASSWORD, device)).status).toBe(200);
    // Unused for longer than DEVICE_TTL_S, it is a new device again.
    t.clock.advance(DEVICE_TTL_S);
    for (let i = 0; i <= FREE_FAILURES; i++)
      expect((await login('127.0.8.7', email, WRONG)).status).toBe(400);
    expectSlowed(await login('127.0.8.7', email, PASSWORD, device), 1);
  });
});
