import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { sessions, users } from '../../src/db/schema.ts';

describe(`sessions and the role guard (${testDbKind})`, () => {
  let t: TestApp;
  let adminId: string;
  beforeAll(async () => {
    t = await startTestApp();
    adminId = await t.createUser({ email: 'admin@s.test', password: 'Correct-Horse-1', role: 'ADMIN' });
    await t.createUser({ email: 'sysop@s.test', password: 'Correct-Horse-1', role: 'SYSOP' });
  });
  afterAll(() => t.stop());

  const me = (token: string, headers: Record<string, string> = {}) =>
    t.call(calls.auth.getMe, {}, { ...t.auth(token), ...headers });

  it('refuses protected calls without a token, with a malformed one, or with a forged one', async () => {
    expect((await t.raw(calls.auth.getMe)).status).toBe(401);
    expect((await t.raw(calls.system.countNewRequests)).status).toBe(401);
    expect((await me('not-a-jwt')).status).toBe(401);
    const token = await t.signIn('sysop@s.test', 'Correct-Horse-1');
    const [h, p] = token.split('.');
    const forged = JSON.parse(Buffer.from(p!, 'base64url').toString());
    forged.role = 'SYSOP';
    forged.sub = adminId;
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${token.split('.')[2]}`;
    expect((await me(tampered)).status).toBe(401);
    expect((await t.call(calls.auth.getMe, {}, { authorization: token })).status).toBe(401);
  });

  it('ends a session after 15 idle minutes; background polling is not activity', async () => {
    const token = await t.signIn('admin@s.test', 'Correct-Horse-1');
    t.clock.advance(10 * 60);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(10 * 60);
    const poll = await t.call(calls.system.countNewRequests, {}, t.auth(token));
    expect(poll.status).toBe(200);
    t.clock.advance(6 * 60);
    expect((await me(token, { 'x-background': '1' })).status).toBe(401);
  });

  it('writes the last activity at most every 30 s, never for background polls', async () => {
    const userId = await t.createUser({ email: 'busy@s.test', password: 'Correct-Horse-1' });
    const token = await t.signIn('busy@s.test', 'Correct-Horse-1');
    const lastActive = async () => {
      const rows = await t.db
        .select({ at: sessions.lastActiveAt })
        .from(sessions)
        .where(eq(sessions.userId, userId));
      expect(rows).toHaveLength(1);
      return rows[0]!.at;
    };
    const signedInAt = await lastActive();
    t.clock.advance(20);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(9);
    expect((await me(token)).status).toBe(200);
    expect(await lastActive()).toBe(signedInAt);
    t.clock.advance(1);
    expect((await me(token)).status).toBe(200);
    expect(await lastActive()).toBe(signedInAt + 30);
    t.clock.advance(60);
    const poll = await t.call(calls.system.countNewRequests, {}, t.auth(token));
    expect(poll.status).toBe(200);
    expect((await me(token, { 'x-background': '1' })).status).toBe(200);
    expect(await lastActive()).toBe(signedInAt + 30);
  });

  it('keeps a session in use alive past 15 minutes, and ends it 15 idle minutes after the last write', async () => {
    const token = await t.signIn('admin@s.test', 'Correct-Horse-1');
    // A call every 25 s for 20 minutes: some calls write, the session never looks idle.
    for (let s = 25; s <= 20 * 60; s += 25) {
      t.clock.advance(25);
      expect((await me(token)).status).toBe(200);
    }
    // Then only polling: the session ends 15 minutes after the last activity written.
    for (let m = 0; m < 14; m++) {
      t.clock.advance(60);
      expect((await me(token, { 'x-background': '1' })).status).toBe(200);
    }
    t.clock.advance(60);
    expect((await me(token, { 'x-background': '1' })).status).toBe(401);
  });

  it('ends every session after 12 hours however active', async () => {
    const token = await t.signIn('admin@s.test', 'Correct-Horse-1');
    for (let h = 0; h < 12 * 6 - 1; h++) {
      t.clock.advance(10 * 60);
      expect((await me(token)).status).toBe(200);
    }
    t.clock.advance(10 * 60);
    expect((await me(token)).status).toBe(401);
  });

  it('ends the session of a staff member moved below ADMIN or disabled', async () => {
    const token = await t.signIn('admin@s.test', 'Correct-Horse-1');
    expect((await me(token)).status).toBe(200);
    await t.setRole(adminId, 'MODERATOR');
    expect((await me(token)).status).toBe(401);
    await t.setRole(adminId, 'ADMIN');
    expect((await me(token)).status).toBe(401);

    const again = await t.signIn('admin@s.test', 'Correct-Horse-1');
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, adminId));
    expect((await me(again)).status).toBe(401);
    await t.db.update(users).set({ status: 'approved' }).where(eq(users.id, adminId));
  });

  it('keeps sessions apart: logging out one leaves the other', async () => {
    const a = await t.signIn('admin@s.test', 'Correct-Horse-1');
    const b = await t.signIn('admin@s.test', 'Correct-Horse-1');
    await t.call(calls.auth.logout, {}, t.auth(a));
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(200);
  });
});
