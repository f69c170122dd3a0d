import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { staffSession, startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';

const PASSWORD = 'Correct-Horse-1';

describe(`live staff sessions (${testDbKind})`, () => {
  let t: TestApp, sysopId: string, adminId: string, sysop: string, admin1: string, admin2: string;
  beforeAll(async () => {
    ({
      t,
      token: sysop,
      staffId: sysopId,
    } = await startDesk({ email: 'sara@sessions.test', role: 'SYSOP', name: 'Sara' }));
    ({ id: adminId, token: admin1 } = await staffSession(t, 'adam@sessions.test', 'ADMIN', 'Adam'));
    admin2 = await t.signIn('adam@sessions.test', PASSWORD);
  });
  afterAll(() => t.stop());

  const list = (token = sysop) => t.call(calls.audit.listSessions, {}, t.auth(token));
  const end = (sessionId: string, token = sysop) =>
    t.call(calls.audit.endSession, { body: { sessionId } }, t.auth(token));
  const me = async (token: string) => (await t.call(calls.auth.getMe, {}, t.auth(token))).status;

  it('lists live staff sessions with who, where and which is the caller', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(3);
    const mine = r.body.filter((s) => s.current);
    expect(mine).toEqual([
      {
        sessionId: expect.stringMatching(/^[0-9a-f]{64}$/),
        userId: sysopId,
        name: 'Sara Staff',
        email: 'sara@sessions.test',
        role: 'SYSOP',
        createdAt: t.clock.now(),
        lastActiveAt: t.clock.now(),
        expiresAt: t.clock.now() + 12 * 3600,
        ip: '127.0.0.1',
        deviceType: expect.any(String),
        browserName: expect.any(String),
        current: true,
      },
    ]);
    expect(r.body.filter((s) => s.userId === adminId).map((s) => [s.name, s.role, s.current])).toEqual([
      ['Adam Staff', 'ADMIN', false],
      ['Adam Staff', 'ADMIN', false],
    ]);
    // Never a token: nothing in the answer opens a session.
    expect(JSON.stringify(r.body)).not.toContain(admin1.split('.')[1]!);
  });

  it('is for SYSOPs only', async () => {
    expect((await list(admin1)).status).toBe(403);
    const sessions = (await list()).body;
    expect((await end(sessions[0]!.sessionId, admin1)).status).toBe(403);
    expect((await list()).body).toHaveLength(3);
    expect((await t.raw(calls.audit.listSessions)).status).toBe(401);
  });

  it("ends another staff member's session at once, audited; that token then gets 401", async () => {
    const before = (await list()).body.filter((s) => s.userId === adminId);
    const target = before[0]!;
    const r = await end(target.sessionId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, loggedOut: false });
    // One of Adam's two tokens is dead, the other lives on.
    expect([await me(admin1), await me(admin2)].sort()).toEqual([200, 401]);
    expect((await list()).body.map((s) => s.sessionId)).not.toContain(target.sessionId);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.ended'), eq(auditLog.entityId, target.sessionId)));
    expect(row).toMatchObject({
      actorId: sysopId,
      entity: 'session',
      before: expect.objectContaining({ userId: adminId }),
      after: expect.objectContaining({ userId: adminId, own: false }),
    });
    expect((await end(target.sessionId)).status).toBe(409);
    expect((await end('0'.repeat(64))).status).toBe(404);
    expect((await end('not-a-session')).status).toBe(400);
  });

  it('leaves idle sessions out of the list', async () => {
    t.clock.advance(16 * 60);
    const fresh = await t.signIn('sara@sessions.test', PASSWORD);
    const live = (await list(fresh)).body;
    expect(live.map((s) => [s.userId, s.current])).toEqual([[sysopId, true]]);
    sysop = fresh;
  });

  it('ends the caller’s own session, which signs them out', async () => {
    const own = (await list()).body.find((s) => s.current)!;
    const r = await end(own.sessionId);
    expect(r.body).toMatchObject({ success: true, loggedOut: true });
    expect(await me(sysop)).toBe(401);
    expect((await list()).status).toBe(401);
  });
});
