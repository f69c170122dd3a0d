import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, STAFF_MESSAGES } from '@brokerdesk/contract';
import { users } from '../../src/db/schema.ts';
import { testDbKind } from '../support/db.ts';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';

/**
 * Edit User is the client form: a staff member is changed only on the Staff screen, so the last SYSOP
 * cannot be demoted through it; promoting a client to staff sets a password that meets the staff
 * policy or sends the set-password invitation, and the client's old password never becomes a staff one.
 */
describe(`Edit User and staff (${testDbKind})`, () => {
  let t: TestApp;
  let sysop: string;
  let sysopId: string;
  beforeAll(async () => {
    ({
      t,
      token: sysop,
      staffId: sysopId,
    } = await startDesk({ email: 'only@edit.test', role: 'SYSOP', name: 'Sol' }));
  });
  afterAll(() => t.stop());

  // Unchecked: refused changes (a weak password, a staff target) go through the same helper.
  const edit = (body: Record<string, unknown>) =>
    t.unchecked(calls.clients.editUser, { body }, t.auth(sysop));
  /** Edit User making client `id` an ADMIN, with a new password when one is given. */
  const promote = (id: string, password?: string) =>
    edit({
      _id: id,
      role: 'ADMIN',
      status: 'approved',
      name: 'Cleo',
      ...(password ? { password, password2: password } : {}),
    });
  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const client = (email: string, password?: string) =>
    t.createUser({
      email,
      role: 'USER',
      status: 'approved',
      name: 'Cleo',
      ...(password ? { password } : {}),
    });

  it('refuses to demote the only SYSOP (or change any staff member) through Edit User', async () => {
    const r = await edit({ _id: sysopId, role: 'ADMIN', status: 'approved', name: 'Sol' });
    expect(r.status).toBe(403);
    expect(r.body.errors).toEqual({ auth: STAFF_MESSAGES.managedOnStaffScreen });
    expect(await row(sysopId)).toMatchObject({ role: 'SYSOP', status: 'approved' });
    // The Staff screen's own call refuses it too, as the last active SYSOP.
    const staff = await t.call(
      calls.staff.updateStaff,
      { body: { _id: sysopId, role: 'ADMIN' } },
      t.auth(sysop),
    );
    expect(staff.status).toBe(409);
    expect(await row(sysopId)).toMatchObject({ role: 'SYSOP' });
  });

  it('refuses a weak password when promoting a client to staff, and changes nothing', async () => {
    const id = await client('weak@edit.test');
    for (const password of ['123456', 'password123']) {
      const r = await promote(id, password);
      expect(r.status, password).toBe(400);
      expect(r.body.errors?.password, password).toMatch(/10 characters|common/);
    }
    expect(await row(id)).toMatchObject({ role: 'USER', passwordHash: null });
  });

  it('promotes with a password that meets the staff policy: the new ADMIN signs in with it', async () => {
    const id = await client('strong@edit.test', 'client1');
    const password = 'Tangerine-Harbour-42';
    const r = await promote(id, password);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await t.signIn('strong@edit.test', password)).toEqual(expect.any(String));
  });

  it("promotes without a password: the client's old one is dropped and the invitation is mailed", async () => {
    const id = await client('invite@edit.test', 'client1');
    const mailsBefore = t.smtp.count();
    const r = await promote(id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await row(id)).toMatchObject({ role: 'ADMIN', passwordHash: null });
    const invitation = await t.smtp.next('invite@edit.test', mailsBefore);
    expect(invitation.subject).toBe('You have been invited to Brokerdesk');
    const old = await t.call(calls.auth.loginAdmin, {
      body: {
        email: 'invite@edit.test',
        password: 'client1',
      },
    });
    expect(old.status).not.toBe(200);
    expect(JSON.stringify(old.body)).not.toContain('"success":true');
  });

  it('keeps the client rules for clients: an ADMIN cannot promote, a SYSOP can change a client', async () => {
    const admin = await t.signInStaff('adam@edit.test');
    const id = await client('plain@edit.test');
    const byAdmin = await t.call(
      calls.clients.editUser,
      { body: { _id: id, role: 'ADMIN', status: 'approved', name: 'Cleo' } },
      t.auth(admin),
    );
    expect(byAdmin.status).toBe(403);
    const rename = await edit({ _id: id, role: 'PARTNER', status: 'approved', name: 'Cleo-Renamed' });
    expect(rename.status).toBe(200);
    expect(await row(id)).toMatchObject({ role: 'PARTNER', name: 'Cleo-Renamed' });
  });
});
