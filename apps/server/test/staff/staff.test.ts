import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calls, STAFF_MESSAGES } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { staffSession, startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, emailConfirmations, users } from '../../src/db/schema.ts';
import { sha256 } from '../../src/lib/ids.ts';

const PASSWORD = 'Correct-Horse-1';

describe(`staff management (${testDbKind})`, () => {
  let t: TestApp, sysopId: string, sysop: string, admin: string, adminId: string;

  beforeAll(async () => {
    ({
      t,
      token: sysop,
      staffId: sysopId,
    } = await startDesk({ email: 'sara@staff.test', role: 'SYSOP', name: 'Sara' }));
    ({ id: adminId, token: admin } = await staffSession(t, 'adam@staff.test', 'ADMIN', 'Adam'));
    await t.createUser({ email: 'client@staff.test', role: 'USER', status: 'approved', name: 'Carl' });
  });
  afterAll(() => t.stop());

  const list = (token = sysop) => t.call(calls.staff.listStaff, {}, t.auth(token));
  // Unchecked: the same helpers send the bad input the server must refuse.
  const invite = (body: unknown, token = sysop) =>
    t.unchecked(calls.staff.inviteStaff, { body }, t.auth(token));
  const update = (body: unknown, token = sysop) =>
    t.unchecked(calls.staff.updateStaff, { body }, t.auth(token));
  const me = async (token: string) => (await t.call(calls.auth.getMe, {}, t.auth(token))).status;
  const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('lists staff only, with sign-in time and live sessions, to ADMIN and SYSOP', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body.staff.map((s) => s.email)).toEqual(['sara@staff.test', 'adam@staff.test']);
    expect(r.body.staff[0]).toEqual({
      _id: sysopId,
      name: 'Sara',
      surname: 'Staff',
      email: 'sara@staff.test',
      role: 'SYSOP',
      status: 'approved',
      lastSignInAt: t.clock.now(),
      activeSessions: 1,
    });
    expect((await list(admin)).status).toBe(200);
  });

  it('invites a member without a usable password and mails a set-password link that leads to sign-in', async () => {
    const before = t.smtp.count();
    const r = await invite({ name: ' Ines ', surname: 'Vite', email: 'Ines@Staff.Test ', role: 'ADMIN' });
    expect(r.status).toBe(200);
    expect(r.body.staff).toMatchObject({
      name: 'Ines',
      email: 'ines@staff.test',
      role: 'ADMIN',
      status: 'approved',
      lastSignInAt: null,
      activeSessions: 0,
    });
    const id = r.body.staff._id;
    expect((await userRow(id)).passwordHash).toBeNull();
    // No password yet: signing in with anything fails.
    const early = await t.call(calls.auth.loginAdmin, { body: { email: 'ines@staff.test', password: '' } });
    expect(early.status).toBe(400);

    const mail = await t.smtp.next('ines@staff.test', before);
    const link = /http:\/\/console\.test\/email\/confirm\/setpassword\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const [stored] = await t.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.id, sha256(link!)));
    expect(stored).toMatchObject({ userId: id, purpose: 'setpassword', usedAt: null });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.invited'), eq(auditLog.entityId, id)));
    expect(row).toMatchObject({ actorId: sysopId });

    // The page's button POSTs the link (a GET only shows the page: mail scanners fetch links).
    const confirmed = await t.raw<{ resetId: string }>(calls.auth.confirmEmailToSetPassword, {
      params: { setpassword: 'setpassword', id: link! },
    });
    expect(confirmed.status).toBe(200);
    const set = await t.post(calls.auth.setNewPassword, {
      id: confirmed.body.resetId,
      password: 'Invited-Staff-Pass-7',
    });
    expect(set.status).toBe(200);
    const token = await t.signIn('ines@staff.test', 'Invited-Staff-Pass-7');
    expect(await me(token)).toBe(200);
  });

  it('refuses an email already in use (any case) with 400 on email, and bad input with 400', async () => {
    const count = (await t.db.select().from(users)).length;
    const taken = await invite({ name: 'A', surname: 'B', email: 'CLIENT@staff.test', role: 'ADMIN' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ email: STAFF_MESSAGES.emailTaken });
    for (const body of [
      { name: 'A', surname: 'B', email: 'new@staff.test', role: 'USER' },
      { name: 'A', surname: 'B', email: 'not-an-email', role: 'ADMIN' },
      { name: '  ', surname: 'B', email: 'new@staff.test', role: 'ADMIN' },
      { name: 'A', surname: 'B', email: 'new@staff.test', role: 'ADMIN', password: 'x' },
    ]) {
      const r = await invite(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors).toBeTypeOf('object');
    }
    expect((await t.db.select().from(users)).length).toBe(count);
  });

  it('lets one of several simultaneous invitations of an email through; the others are a 400 on email', async () => {
    const body = { name: 'Rae', surname: 'Race', email: 'race@staff.test', role: 'ADMIN' };
    const replies = await Promise.all(Array.from({ length: 5 }, () => invite(body)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of replies.filter((x) => x.status === 400))
      expect(r.body.errors).toEqual({ email: STAFF_MESSAGES.emailTaken });
    expect((await t.db.select().from(users).where(eq(users.email, 'race@staff.test'))).length).toBe(1);
  });

  it('lets only a SYSOP invite or change staff (403 for an ADMIN, nothing changes)', async () => {
    const r = await invite({ name: 'A', surname: 'B', email: 'by-admin@staff.test', role: 'SYSOP' }, admin);
    expect(r.status).toBe(403);
    const u = await update({ _id: sysopId, role: 'ADMIN' }, admin);
    expect(u.status).toBe(403);
    expect((await userRow(sysopId)).role).toBe('SYSOP');
    expect((await t.db.select().from(users).where(eq(users.email, 'by-admin@staff.test'))).length).toBe(0);
  });

  it('disables, re-enables, promotes and demotes; each change ends the sessions at once and is audited', async () => {
    const id = await t.createUser({
      email: 'dora@staff.test',
      password: PASSWORD,
      role: 'ADMIN',
      name: 'Dora',
    });
    const steps: { change: Record<string, string>; role: string; status: string }[] = [
      { change: { status: 'disabled' }, role: 'ADMIN', status: 'disabled' },
      { change: { status: 'approved' }, role: 'ADMIN', status: 'approved' },
      { change: { role: 'SYSOP' }, role: 'SYSOP', status: 'approved' },
      { change: { role: 'ADMIN' }, role: 'ADMIN', status: 'approved' },
    ];
    for (const step of steps) {
      const before = await userRow(id);
      const token = before.status === 'disabled' ? null : await t.signIn('dora@staff.test', PASSWORD);
      const r = await update({ _id: id, ...step.change });
      expect(r.status, JSON.stringify(step.change)).toBe(200);
      const after = await userRow(id);
      expect({ role: after.role, status: after.status }).toEqual({ role: step.role, status: step.status });
      if (token) expect(await me(token)).toBe(401);
      const [row] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'staff.updated'), eq(auditLog.entityId, id)))
        .orderBy(auditLog.id)
        .then((rows) => rows.slice(-1));
      expect(row).toMatchObject({
        actorId: sysopId,
        before: { role: before.role, status: before.status },
        after: { role: step.role, status: step.status, sessionsEnded: true },
      });
    }
    const listed = (await list()).body.staff.find((s) => s._id === id);
    expect(listed).toMatchObject({ role: 'ADMIN', status: 'approved', activeSessions: 0 });
  });

  it('demotes an ADMIN to a client role: gone from the staff list and signed out', async () => {
    const { id, token } = await staffSession(t, 'eve@staff.test', 'ADMIN', 'Eve');
    const r = await update({ _id: id, role: 'USER' });
    expect(r.status).toBe(200);
    expect(await me(token)).toBe(401);
    expect((await list()).body.staff.some((s) => s._id === id)).toBe(false);
    // Not staff any more: the staff calls no longer know them.
    expect((await update({ _id: id, role: 'ADMIN' })).status).toBe(404);
  });

  it('keeps the last active SYSOP: neither demoted nor disabled, with a clear message', async () => {
    const count = async () =>
      (await list()).body.staff.filter((s) => s.role === 'SYSOP' && s.status !== 'disabled').length;
    expect(await count()).toBe(1);
    for (const change of [{ role: 'ADMIN' }, { role: 'USER' }, { status: 'disabled' }]) {
      const r = await update({ _id: sysopId, ...change });
      expect(r.status, JSON.stringify(change)).toBe(409);
      expect(r.body.errors).toEqual({ server: STAFF_MESSAGES.lastSysop });
    }
    expect(await userRow(sysopId)).toMatchObject({ role: 'SYSOP', status: 'approved' });
    expect(await me(sysop)).toBe(200);
    // With a second active SYSOP, the first may step down (and its own session ends).
    const { id: second, token: samToken } = await staffSession(t, 'sam@staff.test', 'SYSOP', 'Sam');
    expect((await update({ _id: sysopId, role: 'ADMIN' }, samToken)).status).toBe(200);
    expect(await me(sysop)).toBe(401);
    // Now Sam is the last one; a disabled SYSOP does not count as active.
    expect((await update({ _id: second, status: 'disabled' }, samToken)).status).toBe(409);
    expect((await update({ _id: sysopId, role: 'SYSOP', status: 'disabled' }, samToken)).status).toBe(200);
    expect((await update({ _id: second, role: 'ADMIN' }, samToken)).status).toBe(409);
    expect(await userRow(second)).toMatchObject({ role: 'SYSOP', status: 'approved' });
    sysop = samToken;
  });

  it('leaves staff out of the client screens: lists, search, and a profile that says where staff are', async () => {
    const profile = await t.call(calls.clients.getProfile, { params: { id: adminId } }, t.auth(sysop));
    expect(profile.status).toBe(403);
    expect(profile.body).toMatchObject({ errors: { auth: STAFF_MESSAGES.managedOnStaffScreen } });
    const rows = await t.call(
      calls.clients.pageUsers,
      { params: { status: 'all' }, body: { page: 1, sizePerPage: 100 } },
      t.auth(sysop),
    );
    const emails = rows.body.clients.map((c) => c.email);
    expect(emails).toContain('client@staff.test');
    // Eve was demoted to USER above: a client now, listed as one. The staff are not.
    expect(emails).toContain('eve@staff.test');
    const staff = (await list()).body.staff.map((m) => m.email);
    expect(staff.length).toBeGreaterThan(3);
    expect(emails.filter((e) => staff.includes(e))).toEqual([]);
    const found = await t.call(calls.search.searchRecords, { body: { q: 'adam@staff' } }, t.auth(sysop));
    expect(found.status).toBe(200);
    expect(found.body.clients).toEqual([]);
    const client = await t.call(calls.search.searchRecords, { body: { q: 'client@staff' } }, t.auth(sysop));
    expect(client.body.clients).toHaveLength(1);
  });

  it('answers 404 for an unknown id or a client, and 400 for an empty change', async () => {
    const client = (await t.db.select().from(users).where(eq(users.email, 'client@staff.test')))[0]!;
    expect((await update({ _id: client.id, role: 'ADMIN' })).status).toBe(404);
    expect((await update({ _id: 'a'.repeat(24), status: 'disabled' })).status).toBe(404);
    const empty = await update({ _id: adminId });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ role: STAFF_MESSAGES.nothingToChange });
    expect((await update({ _id: adminId, status: 'rejected' })).status).toBe(400);
  });
});
