import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { codeFrom } from '../support/smtp-receiver.ts';
import { testDbKind } from '../support/db.ts';
import { fromAddress } from '../support/from-address.ts';

describe(`sign-in with an emailed code (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({
      email: 'ada@brokerdesk.test',
      password: 'Correct-Horse-1',
      role: 'ADMIN',
      name: 'Ada',
    });
    await t.createUser({ email: 'client@brokerdesk.test', password: 'Client-Pass-1', role: 'USER' });
  });
  afterAll(() => t.stop());

  async function ticketFor(email: string, password = 'Correct-Horse-1') {
    const before = t.smtp.count();
    const r = await t.call(calls.auth.loginAdmin, {
      body: {
        email,
        password,
        deviceType: 'desktop',
        browserName: 'Chromium',
      },
    });
    expect(r.status).toBe(200);
    return { ticket: r.body.password, code: codeFrom(await t.smtp.next(email, before)) };
  }

  /** The first step, email and password (unchecked: several tests send a wrong one). */
  const firstStep = (email: string, password: string) =>
    t.unchecked(calls.auth.loginAdmin, { body: { email, password } });
  /** The second step: the ticket from the first and a code (unchecked, as most tests send a wrong one). */
  const confirm = (ticket: string, code: string, email = 'ada@brokerdesk.test') =>
    t.unchecked(calls.auth.confirmLogin, { body: { email, password: ticket, code } });

  it('signs in with password then the code sent by SMTP, and logs out', async () => {
    const before = t.smtp.count();
    const first = await firstStep('ADA@brokerdesk.test', 'Correct-Horse-1');
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.email).toBe('ada@brokerdesk.test');
    expect(first.body.password).not.toContain('Correct-Horse-1');
    const mail = await t.smtp.next('ada@brokerdesk.test', before);
    expect(mail.subject).toBe('Your Brokerdesk sign-in code');
    const confirmed = await confirm(first.body.password, codeFrom(mail));
    expect(confirmed.status).toBe(200);
    const token = confirmed.body.token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(12 * 3600);

    const me = await t.call(calls.auth.getMe, {}, t.auth(token));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Ada', email: 'ada@brokerdesk.test', role: 'ADMIN' });

    expect((await t.call(calls.auth.logout, {}, t.auth(token))).status).toBe(200);
    expect((await t.call(calls.auth.getMe, {}, t.auth(token))).status).toBe(401);
  });

  it('gives the same answer for a wrong password, an unknown email and a client account', async () => {
    const wrong = await firstStep('ada@brokerdesk.test', 'nope');
    const unknown = await firstStep('ghost@brokerdesk.test', 'nope');
    const client = await firstStep('client@brokerdesk.test', 'Client-Pass-1');
    for (const r of [wrong, unknown, client]) {
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({
        emailorpassword: MESSAGES.emailOrPasswordIncorrect,
      });
    }
  });

  it('refuses a wrong code, counts tries, and stops after five', async () => {
    const { ticket, code } = await ticketFor('ada@brokerdesk.test');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await confirm(ticket, wrongCode);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errors: { message: MESSAGES.codeIncorrect } });
    }
    const fifth = await confirm(ticket, wrongCode);
    expect(fifth.body).toMatchObject({ errors: { message: MESSAGES.codeTooManyTries } });
    const right = await confirm(ticket, code);
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ errors: { message: MESSAGES.codeTooManyTries } });
  });

  it('uses a code once only', async () => {
    const { ticket, code } = await ticketFor('ada@brokerdesk.test');
    const body = { email: 'ada@brokerdesk.test', password: ticket, code };
    expect((await t.call(calls.auth.confirmLogin, { body })).status).toBe(200);
    const again = await t.call(calls.auth.confirmLogin, { body });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errors: { message: MESSAGES.codeExpired } });
  });

  it('lets a code expire after ten minutes', async () => {
    const { ticket, code } = await ticketFor('ada@brokerdesk.test');
    t.clock.advance(601);
    const r = await confirm(ticket, code);
    expect(r.body).toMatchObject({ errors: { message: MESSAGES.codeExpired } });
  });

  it('does not accept a ticket with another email', async () => {
    await t.createUser({ email: 'bob@brokerdesk.test', password: 'Correct-Horse-1', role: 'SYSOP' });
    const { ticket, code } = await ticketFor('ada@brokerdesk.test');
    const r = await confirm(ticket, code, 'bob@brokerdesk.test');
    expect(r.status).toBe(400);
  });

  it('resends a new code bound to the same ticket; the old code stops working', async () => {
    const { ticket, code: oldCode } = await ticketFor('ada@brokerdesk.test');
    // A fresh code equals the old one once in a million draws; resend again then (a ticket allows 3), so
    // the old code's refusal below is always asserted.
    let newCode = oldCode;
    for (let resends = 0; newCode === oldCode && resends < 3; resends++) {
      const before = t.smtp.count();
      const resend = await t.call(calls.auth.resendLoginCode, {
        body: {
          userEmail: 'ada@brokerdesk.test',
          password: ticket,
        },
      });
      expect(resend.body).toEqual({ success: true, message: MESSAGES.codeSent });
      newCode = codeFrom(await t.smtp.next('ada@brokerdesk.test', before));
    }
    expect(newCode).not.toBe(oldCode);
    const old = await confirm(ticket, oldCode);
    expect(old.status).toBe(400);
    const ok = await confirm(ticket, newCode);
    expect(ok.status).toBe(200);
  });

  it('answers a resend for an unknown email the same way and sends nothing', async () => {
    const before = t.smtp.count();
    const r = await t.call(calls.auth.resendLoginCode, {
      body: {
        userEmail: 'ghost@brokerdesk.test',
        password: 'x',
      },
    });
    expect(r.body).toEqual({ success: true, message: MESSAGES.codeSent });
    expect(t.smtp.count()).toBe(before);
  });

  it('slows an email down after failed sign-ins, known or not, and never locks it', async () => {
    await t.createUser({ email: 'lock@brokerdesk.test', password: 'Correct-Horse-1' });
    const login = (address: string, email: string, password: string) =>
      fromAddress(t.base, address)(calls.auth.loginAdmin, { email, password });
    const replies: unknown[] = [];
    for (const email of ['lock@brokerdesk.test', 'nobody@brokerdesk.test']) {
      // Ten wrong passwords used to lock the email for 30 minutes: the first four are checked.
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await login('127.0.0.31', email, 'wrong')).status);
      expect(statuses).toEqual([400, 400, 400, 400, 429, 429, 429, 429, 429, 429]);
      const slowed = await login('127.0.0.31', email, 'Correct-Horse-1');
      expect(slowed.status).toBe(429);
      expect(slowed.retryAfter).toBe('1');
      replies.push(slowed.body);
    }
    // The same answer whether or not the email is an account.
    const [known, unknown] = replies as { errors: unknown }[];
    expect(known!.errors).toEqual({ emailorpassword: MESSAGES.signInSlowed(1) });
    expect(unknown!.errors).toEqual(known!.errors);
    // A second later (not 30 minutes), the right password goes through.
    t.clock.advance(1);
    expect((await login('127.0.0.31', 'lock@brokerdesk.test', 'Correct-Horse-1')).status).toBe(200);
  });
});
