import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { emailConfirmations, users } from '../../src/db/schema.ts';
import { newSecret, sha256 } from '../../src/lib/ids.ts';
import { eq } from 'drizzle-orm';

describe(`password reset and email confirmation (${testDbKind})`, () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp();
    userId = await t.createUser({ email: 'reset@p.test', password: 'Old-Password-1' });
  });
  afterAll(() => t.stop());

  async function resetLink(email: string): Promise<string> {
    const before = t.smtp.count();
    const r = await t.call('POST', '/api/users/resetPassword', { email });
    expect(r.body).toEqual({ success: true, message: MESSAGES.resetSent });
    const mail = await t.smtp.next(email, before);
    const id = /http:\/\/console\.test\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(id).toBeTruthy();
    return id!;
  }

  it('resets a password by emailed link, ends old sessions, and uses the link once', async () => {
    const token = await t.signIn('reset@p.test', 'Old-Password-1');
    const id = await resetLink('reset@p.test');
    const short = await t.call('POST', '/api/users/newPassword', { id, password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ errors: { password: MESSAGES.passwordTooShort } });

    const done = await t.call('POST', '/api/users/newPassword', { id, password: 'New-Password-2' });
    expect(done.body).toEqual({ success: true, message: MESSAGES.passwordReset });
    expect((await t.call('GET', '/api/users/me', undefined, t.auth(token))).status).toBe(401);

    const reuse = await t.call('POST', '/api/users/newPassword', { id, password: 'Another-3' });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ errors: { server: MESSAGES.resetLinkInvalid } });

    const old = await t.call('POST', '/api/users/loginAdmin', {
      email: 'reset@p.test',
      password: 'Old-Password-1',
    });
    expect(old.status).toBe(400);
    await t.signIn('reset@p.test', 'New-Password-2');
  });

  it('lets a reset link expire after an hour', async () => {
    const id = await resetLink('reset@p.test');
    t.clock.advance(3601);
    const r = await t.call('POST', '/api/users/newPassword', { id, password: 'Late-Password-4' });
    expect(r.status).toBe(400);
  });

  it('answers a reset for an unknown email the same way and sends nothing', async () => {
    const before = t.smtp.count();
    const r = await t.call('POST', '/api/users/resetPassword', { email: 'ghost@p.test' });
    expect(r.body).toEqual({ success: true, message: MESSAGES.resetSent });
    expect(t.smtp.count()).toBe(before);
  });

  it('confirms an email by link once; a set-password link continues to a reset', async () => {
    const verify = newSecret();
    const setpw = newSecret();
    const now = t.clock.now();
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, userId));
    await t.db.insert(emailConfirmations).values([
      { id: sha256(verify), userId, purpose: 'verify', createdAt: now, expiresAt: now + 3600 },
      { id: sha256(setpw), userId, purpose: 'setpassword', createdAt: now, expiresAt: now + 3600 },
    ]);
    const ok = await t.call('GET', `/email/confirm/${verify}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ autologin: false, token: '', msg: MESSAGES.emailConfirmed });
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(u?.emailVerified).toBe(true);
    expect((await t.call('GET', `/email/confirm/${verify}`)).status).toBe(404);

    const page = await t.call('GET', `/email/confirm/${setpw}`, undefined, { accept: 'text/html' });
    expect(String(page.body)).toContain('<div id="root">');
    const sp = await t.call<{ resetId: string }>('GET', `/email/confirm/setpassword/${setpw}`);
    expect(sp.status).toBe(200);
    const done = await t.call('POST', '/api/users/newPassword', {
      id: sp.body.resetId,
      password: 'Via-Link-5',
    });
    expect(done.status).toBe(200);
  });
});
