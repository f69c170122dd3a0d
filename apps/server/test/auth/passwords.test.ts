import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, MESSAGES, urlOf } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, emailConfirmations, passwordResets, users } from '../../src/db/schema.ts';
import { PasswordService, RESETS_PER_HOUR } from '../../src/auth/password-service.ts';
import type { Db } from '../../src/db/client.ts';
import { recordingDb } from '../support/recording-db.ts';
import { SessionService } from '../../src/auth/sessions.ts';
import type { Mailer } from '../../src/mail/mailer.ts';
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

  /** A mail relay that never answers. */
  const neverAnswers: Mailer = {
    devOutbox: false,
    send: () => new Promise<void>(() => {}),
    close: async () => {},
  };
  const passwordService = (db: Db, mailer: Mailer) =>
    new PasswordService({
      db,
      mailer,
      sessions: new SessionService({
        db,
        secret: new Uint8Array(32),
        clock: t.clock,
        idleSeconds: 900,
        maxSeconds: 43_200,
      }),
      clock: t.clock,
      publicUrl: 'http://console.test',
      log: { warn: () => {} },
    });

  async function resetLink(email: string): Promise<string> {
    const before = t.smtp.count();
    const r = await t.call(calls.auth.resetPassword, { body: { email } });
    expect(r.body).toEqual({ success: true, message: MESSAGES.resetSent });
    const mail = await t.smtp.next(email, before);
    const id = /http:\/\/console\.test\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(id).toBeTruthy();
    return id!;
  }

  it('resets a password by emailed link, ends old sessions, and uses the link once', async () => {
    const token = await t.signIn('reset@p.test', 'Old-Password-1');
    const id = await resetLink('reset@p.test');
    // The staff password policy (auth/password-policy.ts): 10+ characters, not a common password.
    for (const [password, message] of [
      ['aaaaaa', MESSAGES.staffPasswordTooShort],
      ['Short-1', MESSAGES.staffPasswordTooShort],
      ['qwertyuiop', MESSAGES.passwordTooCommon],
      ['1234567890', MESSAGES.passwordTooCommon],
      ['PASSWORD12', MESSAGES.passwordTooCommon],
    ] as const) {
      const refused = await t.call(calls.auth.setNewPassword, { body: { id, password } });
      expect(refused.status, password).toBe(400);
      expect(refused.body).toMatchObject({ errors: { password: message } });
    }

    const done = await t.call(calls.auth.setNewPassword, { body: { id, password: 'New-Password-2' } });
    expect(done.body).toEqual({ success: true, message: MESSAGES.passwordReset });
    expect((await t.call(calls.auth.getMe, {}, t.auth(token))).status).toBe(401);

    const reuse = await t.call(calls.auth.setNewPassword, { body: { id, password: 'Another-Pass-3' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ errors: { server: MESSAGES.resetLinkInvalid } });

    const old = await t.call(calls.auth.loginAdmin, {
      body: {
        email: 'reset@p.test',
        password: 'Old-Password-1',
      },
    });
    expect(old.status).toBe(400);
    await t.signIn('reset@p.test', 'New-Password-2');
  });

  it('lets a reset link expire after an hour', async () => {
    const id = await resetLink('reset@p.test');
    t.clock.advance(3601);
    const r = await t.call(calls.auth.setNewPassword, { body: { id, password: 'Late-Password-4' } });
    expect(r.status).toBe(400);
  });

  it('answers a reset for an unknown email the same way and sends nothing', async () => {
    const before = t.smtp.count();
    const r = await t.call(calls.auth.resetPassword, { body: { email: 'ghost@p.test' } });
    expect(r.body).toEqual({ success: true, message: MESSAGES.resetSent });
    expect(t.smtp.count()).toBe(before);
  });

  it('voids older reset links when a new one is made, and every other link once one is used', async () => {
    const first = await resetLink('reset@p.test');
    const second = await resetLink('reset@p.test');
    const stale = await t.call(calls.auth.setNewPassword, {
      body: { id: first, password: 'Voided-Link-11' },
    });
    expect(stale.body).toMatchObject({ errors: { server: MESSAGES.resetLinkInvalid } });

    // A link issued some other way and still open (as before this rule) dies when another is used.
    const other = newSecret();
    const now = t.clock.now();
    await t.db
      .insert(passwordResets)
      .values({ id: sha256(other), userId, createdAt: now, expiresAt: now + 3600 });
    expect(
      (await t.call(calls.auth.setNewPassword, { body: { id: second, password: 'Second-Link-12' } })).status,
    ).toBe(200);
    const after = await t.call(calls.auth.setNewPassword, { body: { id: other, password: 'Other-Link-13' } });
    expect(after.body).toMatchObject({ errors: { server: MESSAGES.resetLinkInvalid } });
    await t.signIn('reset@p.test', 'Second-Link-12');
  });

  it('does the same work for an unknown email as for staff: the same statements, in the same order', async () => {
    const workerId = await t.createUser({ email: 'work@p.test', password: 'Old-Password-1' });
    const links = async () =>
      (await t.db.select().from(passwordResets).where(eq(passwordResets.userId, workerId))).length;
    /** The SQL one reset request runs, recorded by a logger on the same connection (values left out). */
    async function statementsOf(email: string): Promise<string[]> {
      const statements: string[] = [];
      const service = passwordService(recordingDb(t.database, statements), neverAnswers);
      expect(await service.requestReset(email, '127.0.0.1')).toEqual({
        success: true,
        message: MESSAGES.resetSent,
      });
      return statements;
    }
    const staff = await statementsOf('work@p.test');
    expect(await links()).toBe(1);
    expect(staff.some((q) => /insert into "?password_resets"?/i.test(q))).toBe(true);
    expect(staff.length).toBeGreaterThan(4);
    expect(await statementsOf('nobody@p.test')).toEqual(staff);
    // An account past its hourly number of links: the same again, and no new link.
    for (let i = 1; i < RESETS_PER_HOUR; i++) await statementsOf('work@p.test');
    expect(await links()).toBe(RESETS_PER_HOUR);
    expect(await statementsOf('work@p.test')).toEqual(staff);
    expect(await links()).toBe(RESETS_PER_HOUR);
  });

  it('answers without waiting for the mail (a relay that never answers holds nothing back)', async () => {
    const audited = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'password.reset-requested'))).filter(
        (r) => r.entityId === userId,
      ).length;
    const before = await audited();
    expect(await passwordService(t.db, neverAnswers).requestReset('reset@p.test', '127.0.0.1')).toEqual({
      success: true,
      message: MESSAGES.resetSent,
    });
    expect(await audited()).toBe(before + 1);
  });

  it("never uses up an email-confirm link on GET (mail scanners); the page's button POSTs to confirm", async () => {
    const verify = newSecret();
    const setpw = newSecret();
    const now = t.clock.now();
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, userId));
    await t.db.insert(emailConfirmations).values([
      { id: sha256(verify), userId, purpose: 'verify', createdAt: now, expiresAt: now + 3600 },
      { id: sha256(setpw), userId, purpose: 'setpassword', createdAt: now, expiresAt: now + 3600 },
    ]);
    // What a scanner or a browser sends: the page of the web app, and nothing changes.
    for (const accept of [
      '*/*',
      'text/html',
      'application/json',
      'text/html,application/xhtml+xml,*/*;q=0.8',
    ]) {
      for (const path of [
        urlOf(calls.auth.confirmEmail, { params: { id: verify } }),
        urlOf(calls.auth.confirmEmailToSetPassword, { params: { setpassword: 'setpassword', id: setpw } }),
      ]) {
        const page = await t.send('GET', path, undefined, { accept });
        expect(page.status, `${accept} ${path}`).toBe(200);
        expect(String(page.body)).toContain('<div id="root">');
      }
    }
    const [untouched] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(untouched?.emailVerified).toBe(false);

    const ok = await t.raw(calls.auth.confirmEmail, { params: { id: verify } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ autologin: false, token: '', msg: MESSAGES.emailConfirmed });
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(u?.emailVerified).toBe(true);
    expect((await t.raw(calls.auth.confirmEmail, { params: { id: verify } })).status).toBe(404);
    // A verify link is not a set-password link.
    expect(
      (
        await t.raw(calls.auth.confirmEmailToSetPassword, {
          params: { setpassword: 'setpassword', id: verify },
        })
      ).status,
    ).toBe(404);

    const sp = await t.raw<{ resetId: string }>(calls.auth.confirmEmailToSetPassword, {
      params: { setpassword: 'setpassword', id: setpw },
    });
    expect(sp.status).toBe(200);
    const done = await t.post(calls.auth.setNewPassword, { id: sp.body.resetId, password: 'Via-Link-5-ok' });
    expect(done.status).toBe(200);
  });
});
