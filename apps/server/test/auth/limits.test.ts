import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { calls, MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { codeFrom } from '../support/smtp-receiver.ts';
import { testDbKind } from '../support/db.ts';
import { fromAddress } from '../support/from-address.ts';
import { auditLog, passwordResets } from '../../src/db/schema.ts';

const PASSWORD = 'Correct-Horse-1';

/**
 * One email, spelled as an attacker would pad or re-spell it to get fresh limits: spaces, tabs, NBSP,
 * em space, a byte-order mark, upper case, and the Kelvin sign (U+212A), which NFC turns into K.
 * Every spelling must count against the same account.
 */
function spellings(email: string): string[] {
  if (!email.startsWith('k')) throw new Error('the Kelvin spelling needs an email starting with k');
  return [
    email,
    `  ${email}`,
    `\t${email}\t`,
    `\u00a0${email}\u00a0`,
    email.toUpperCase(),
    `\u212a${email.slice(1)}`,
    `${email}\u2003`,
    `\ufeff${email}`,
    ` \u212a${email.slice(1).toUpperCase()}\u00a0`,
  ];
}
const spelling = (email: string, i: number) => spellings(email)[i % spellings(email).length]!;

describe(`sign-in limits keyed on the normalised email, per address, account and ticket (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  const from = (address: string) => fromAddress(t.base, address);
  /** The first reset mail to `email` after `after` mails (a notice of failed sign-ins may come first). */
  async function resetMail(email: string, after: number) {
    for (let index = after; ;) {
      const mail = await t.smtp.next(email, index);
      if (mail.subject === 'Reset your Brokerdesk password') return mail;
      index = t.smtp.mails.indexOf(mail) + 1;
    }
  }
  const login = (address: string, email: string, password = PASSWORD) =>
    from(address)(calls.auth.loginAdmin, { email, password });

  it('slows one address down after wrong passwords, however the email is padded; other addresses are not held back', async () => {
    const email = 'kai.pad@limits.test';
    await t.createUser({ email, password: PASSWORD });
    for (let i = 0; i < 4; i++) {
      const r = await login('127.0.0.21', spelling(email, i), 'wrong-password');
      expect(r.status, `try ${i + 1} as ${JSON.stringify(spelling(email, i))}`).toBe(400);
    }
    const before = t.smtp.count();
    for (let i = 4; i < 9; i++) {
      const slowed = await login('127.0.0.21', spelling(email, i));
      expect(slowed.status, `as ${JSON.stringify(spelling(email, i))}`).toBe(429);
      expect(slowed.retryAfter).toBe('1');
      expect(slowed.body).toMatchObject({ errors: { emailorpassword: MESSAGES.signInSlowed(1) } });
    }
    expect(t.smtp.count()).toBe(before);
    // Another address is not held back by the first one's failures.
    expect((await login('127.0.0.22', email)).status).toBe(200);
    // Nor is the first one for long: a second later it is let in.
    t.clock.advance(1);
    expect((await login('127.0.0.21', spelling(email, 5))).status).toBe(200);
  });

  it('holds back addresses that failed on an account for a minute at most, lets others in, and a password reset lifts every count', async () => {
    const email = 'kit.wide@limits.test';
    await t.createUser({ email, password: PASSWORD });
    // Sixty wrong passwords from twelve addresses (50 used to lock the account for 30 minutes).
    let failures = 0;
    for (let round = 0; round < 5; round++) {
      for (let a = 1; a <= 12; a++) {
        const r = await login(`127.0.30.${a}`, spelling(email, a + round), 'wrong-password');
        if (r.status === 400) failures++;
        else {
          expect(r.status).toBe(429);
          expect(Number(r.retryAfter)).toBeLessThanOrEqual(60);
        }
      }
      t.clock.advance(60);
    }
    expect(failures).toBe(60);
    const again = await login('127.0.30.1', email, 'wrong-password');
    expect(again.status).toBe(400);
    const held = await login('127.0.30.1', email);
    expect(held.status).toBe(429);
    expect(held.retryAfter).toBe('60');
    expect(held.body).toMatchObject({ errors: { emailorpassword: MESSAGES.signInSlowed(60) } });
    // An address that has not failed on the account signs in at once.
    expect((await login('127.0.30.20', email)).status).toBe(200);

    const before = t.smtp.count();
    expect((await from('127.0.30.21')(calls.auth.resetPassword, { email: spelling(email, 3) })).status).toBe(
      200,
    );
    const id = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec((await resetMail(email, before)).text)![1]!;
    expect(
      (await t.call(calls.auth.setNewPassword, { body: { id, password: 'Fresh-Horse-77' } })).status,
    ).toBe(200);
    // The account's count and the address's own count on it are gone.
    expect((await login('127.0.30.1', email, 'Fresh-Horse-77')).status).toBe(200);
  });

  it('opens at most 10 tickets per account in 10 minutes; the 11th right password is a 429 and mails nothing', async () => {
    const email = 'kay.tickets@limits.test';
    await t.createUser({ email, password: PASSWORD });
    for (let i = 0; i < 10; i++) {
      const before = t.smtp.count();
      expect((await login('127.0.0.41', spelling(email, i))).status, `ticket ${i + 1}`).toBe(200);
      await t.smtp.next(email, before);
    }
    const before = t.smtp.count();
    const over = await login('127.0.0.42', spelling(email, 4));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ errors: { emailorpassword: MESSAGES.tooManyCodes } });
    expect(t.smtp.count()).toBe(before);
    t.clock.advance(10 * 60 + 1);
    expect((await login('127.0.0.42', email)).status).toBe(200);
  });

  it("resends a ticket's code 3 times at most", async () => {
    const email = 'kira.resend@limits.test';
    await t.createUser({ email, password: PASSWORD });
    const first = await login('127.0.0.45', email);
    const ticket = (first.body as { password: string }).password;
    const resend = from('127.0.0.46');
    for (let i = 0; i < 3; i++) {
      const before = t.smtp.count();
      const r = await resend(calls.auth.resendLoginCode, {
        userEmail: spelling(email, i),
        password: ticket,
      });
      expect(r.body).toEqual({ success: true, message: MESSAGES.codeSent });
      await t.smtp.next(email, before);
    }
    const before = t.smtp.count();
    const fourth = await resend(calls.auth.resendLoginCode, {
      userEmail: email,
      password: ticket,
    });
    // The same answer, and no mail.
    expect(fourth.body).toEqual({ success: true, message: MESSAGES.codeSent });
    expect(t.smtp.count()).toBe(before);
  });

  it('does not count tickets that ended in a sign-in: staff who sign in often are not held back', async () => {
    const email = 'kofi.often@limits.test';
    await t.createUser({ email, password: PASSWORD });
    for (let i = 0; i < 12; i++) await t.signIn(email, PASSWORD);
  });

  it('locks the account after 100 wrong codes across all its tickets, known devices too, mails its owner, and lets it in after 30 minutes', async () => {
    const email = 'ken.codes@limits.test';
    await t.createUser({ email, password: PASSWORD });
    // The owner's browser, a known device from here on (NIST 800-63B's cap holds for it as well).
    const before0 = t.smtp.count();
    const first0 = await login('127.0.0.50', email);
    const confirmed = await from('127.0.0.50')(calls.auth.confirmLogin, {
      email,
      password: (first0.body as { password: string }).password,
      code: codeFrom(await t.smtp.next(email, before0)),
    });
    const device = (confirmed.body as { deviceToken: string }).deviceToken;
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    let sent = 0;
    /** loginConfirm from a fresh address every 20 calls (the per-address limit is 20 a minute). */
    const confirm = (ticket: string, code: string) =>
      from(`127.0.0.${60 + Math.floor(sent / 20)}`)(calls.auth.confirmLogin, {
        email: spelling(email, sent++),
        password: ticket,
        code,
      });
    const tickets = async (address: string) => {
      const out: { ticket: string; wrong: string }[] = [];
      for (let i = 0; i < 10; i++) {
        const before = t.smtp.count();
        const r = await login(address, spelling(email, i));
        expect(r.status).toBe(200);
        const code = codeFrom(await t.smtp.next(email, before));
        out.push({
          ticket: (r.body as { password: string }).password,
          wrong: code === '000000' ? '111111' : '000000',
        });
      }
      return out;
    };

    // 50 wrong codes on ten tickets, ten minutes later 49 more on ten new tickets: 99, still refused as wrong.
    for (const { ticket, wrong } of await tickets('127.0.0.51'))
      for (let i = 0; i < 5; i++) expect((await confirm(ticket, wrong)).status).toBe(400);
    t.clock.advance(10 * 60 + 1);
    const second = await tickets('127.0.0.52');
    for (const [n, { ticket, wrong }] of second.entries())
      for (let i = 0; i < (n === 9 ? 4 : 5); i++) expect((await confirm(ticket, wrong)).status).toBe(400);

    // The 100th wrong code locks the account and tells its owner.
    const before = t.smtp.count();
    const last = second[9]!;
    const hundredth = await confirm(last.ticket, last.wrong);
    expect(hundredth.status).toBe(429);
    expect(hundredth.body).toMatchObject({ errors: { emailorpassword: MESSAGES.accountLocked } });
    const mail = await t.smtp.next(email, before);
    expect(mail.subject).toBe('Your Brokerdesk sign-in is locked');
    const [locked] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sign-in.locked'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(locked?.after).toMatchObject({ reason: 'codes' });

    // Locked: the right password opens no ticket and mails nothing, from any address or known device.
    const during = t.smtp.count();
    const refused = await login('127.0.0.53', email);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe(String(30 * 60));
    const fromDevice = await from('127.0.0.50')(calls.auth.loginAdmin, {
      email,
      password: PASSWORD,
      device,
    });
    expect(fromDevice.status).toBe(429);
    expect(fromDevice.body).toMatchObject({ errors: { emailorpassword: MESSAGES.accountLocked } });
    expect(t.smtp.count()).toBe(during);

    t.clock.advance(30 * 60 + 1);
    const token = await t.signIn(email, PASSWORD);
    expect((await t.call(calls.auth.getMe, {}, t.auth(token))).status).toBe(200);
    expect(
      (await from('127.0.0.50')(calls.auth.loginAdmin, { email, password: PASSWORD, device })).status,
    ).toBe(200);
  });

  it('keys the per-address rate limits on the normalised email: padding and NFC/NFD spellings share one limit', async () => {
    const resend = from('127.0.0.71');
    const email = 'kim.rl@limits.test';
    for (let i = 0; i < 5; i++)
      expect(
        (
          await resend(calls.auth.resendLoginCode, {
            userEmail: spelling(email, i + 3),
          })
        ).status,
      ).toBe(200);
    const over = await resend(calls.auth.resendLoginCode, {
      userEmail: ` ${email.toUpperCase()}`,
    });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ errors: { server: MESSAGES.tooManyRequests } });

    // é precomposed (NFC) and e + combining acute (NFD) are one email to the limiter.
    const reset = from('127.0.0.72');
    for (let i = 0; i < 5; i++)
      expect(
        (
          await reset(calls.auth.resetPassword, {
            email: i % 2 ? 'jos\u00e9@limits.test' : 'jose\u0301@limits.test',
          })
        ).status,
      ).not.toBe(429);
    expect((await reset(calls.auth.resetPassword, { email: 'JOSE\u0301@limits.test' })).status).toBe(429);
  });

  it('sends at most 5 reset links per account an hour, however the email is spelled and from wherever', async () => {
    const email = 'kurt.mail@limits.test';
    const userId = await t.createUser({ email, password: PASSWORD });
    for (let i = 0; i < 7; i++) {
      const r = await from(`127.0.0.${80 + i}`)(calls.auth.resetPassword, {
        email: spelling(email, i),
      });
      expect(r.body).toEqual({ success: true, message: MESSAGES.resetSent });
    }
    const links = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
    expect(links).toHaveLength(5);
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.reset-requested'), eq(auditLog.entityId, userId)));
    expect(refused.map((r) => (r.after as { sent: boolean }).sent)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
