import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, MESSAGES, STAFF_MESSAGES, type CallBody } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, users } from '../../src/db/schema.ts';
import { verifyPassword } from '../../src/auth/passwords.ts';

const newClient = (over: Record<string, unknown> = {}): CallBody<typeof calls.clients.registerUser> => ({
  email: `c${Math.random().toString(36).slice(2, 9)}@clients.test`,
  password: 'secret1',
  password2: 'secret1',
  title: 'Mr.',
  name: 'Jon',
  surname: 'Smith',
  mobilePhone: '07700 900123',
  addressNo: '10',
  address: 'Downing Street',
  city: 'London',
  postcode: 'SW1A 2AA',
  country: 'GB',
  nationality: 'GB',
  birthDay: 1,
  birthMonth: 2,
  birthYear: 1980,
  ...over,
});

describe(`client management (${testDbKind})`, () => {
  let t: TestApp;
  let sysop: string;
  let admin: string;
  let adminId: string;
  let sysopId: string;
  beforeAll(async () => {
    t = await startTestApp();
    sysopId = await t.createUser({
      email: 'sysop@c.test',
      password: 'Correct-Horse-1',
      role: 'SYSOP',
      name: 'Sam',
    });
    adminId = await t.createUser({
      email: 'admin@c.test',
      password: 'Correct-Horse-1',
      role: 'ADMIN',
      name: 'Alex',
    });
    sysop = await t.signIn('sysop@c.test', 'Correct-Horse-1');
    admin = await t.signIn('admin@c.test', 'Correct-Horse-1');
  });
  afterAll(() => t.stop());

  // Unchecked: the same read also sends what the server must refuse (an unknown status, a huge page).
  const list = (status: string, body: Record<string, unknown> = {}) =>
    t.unchecked(
      calls.clients.pageUsers,
      {
        params: { status },
        body: {
          page: 1,
          sizePerPage: 50,
          ...body,
        },
      },
      t.auth(admin),
    );

  // Unchecked: most edits here are ones the server must refuse.
  const editUser = (body: CallBody<typeof calls.clients.editUser>, token: string) =>
    t.unchecked(calls.clients.editUser, { body }, t.auth(token));
  async function add(over: Record<string, unknown> = {}) {
    const r = await t.call(calls.clients.registerUser, { body: newClient(over) }, t.auth(admin));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.user;
  }

  it('adds a client with status new, a hashed password, a log line, an audit record and a confirmation mail', async () => {
    const before = t.smtp.count();
    const u = await add({ email: 'new.client@clients.test' });
    expect(u).toMatchObject({
      status: 'new',
      role: 'USER',
      name: 'Jon',
      country: 'GB',
      emailVerified: false,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, u._id));
    expect(await verifyPassword(row!.passwordHash, 'secret1')).toBe(true);
    const mail = await t.smtp.next('new.client@clients.test', before);
    expect(mail.text).toMatch(/http:\/\/console\.test\/email\/confirm\/[A-Za-z0-9_-]+/);
    const logs = await t.call(calls.clients.listLogs, { params: { userId: u._id } }, t.auth(admin));
    expect(logs.body[0]).toMatchObject({
      event: 'Client added by staff',
      actionedBy: adminId,
      customName: 'Alex Staff',
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, u._id));
    expect(audits.map((a) => a.action)).toContain('client.added');
  });

  it('refuses a duplicate email, missing fields and mismatched passwords with field errors', async () => {
    await add({ email: 'dup@clients.test' });
    const dup = await t.call(
      calls.clients.registerUser,
      { body: newClient({ email: 'DUP@clients.test' }) },
      t.auth(admin),
    );
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ errors: { email: 'This email is already in use.' } });
    const missing = await t.call(
      calls.clients.registerUser,
      { body: newClient({ name: '  ', city: '', password2: 'other1' }) },
      t.auth(admin),
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errors: { name: 'Name is required.', city: 'City is required.' } });
    const mismatch = await t.call(
      calls.clients.registerUser,
      { body: newClient({ password2: 'other1' }) },
      t.auth(admin),
    );
    expect(mismatch.body).toMatchObject({ errors: { password2: MESSAGES.passwordsMustMatch } });
  });

  it('lists by status with server paging, sorting and filters', async () => {
    const a = await add({ name: 'Zelda', surname: 'Quartz', country: 'US' });
    await t.call(
      calls.clients.processUser,
      {
        body: {
          userId: a._id,
          status: 'pending',
          reason: 'Missing proof',
        },
      },
      t.auth(admin),
    );
    const pending = await list('pending');
    expect(pending.body.clients.map((c) => c._id)).toEqual([a._id]);
    expect(pending.body.clients[0]).toMatchObject({ status: 'pending', reason: 'Missing proof' });

    const all = await list('all');
    expect(all.body.totalSize).toBeGreaterThanOrEqual(3);
    expect(all.body.clients.every((c) => c.role !== 'ADMIN' && c.role !== 'SYSOP')).toBe(true);
    const times = all.body.clients.map((c) => c.timestamp);
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const byName = await list('all', { sortField: 'name', sortOrder: 'asc' });
    const names = byName.body.clients.map((c) => c.name);
    expect(names[names.length - 1]).toBe('Zelda');

    const united = await list('all', {
      filters: { country: { filterType: 'TEXT', filterVal: 'united st' } },
    });
    expect(united.body.clients.map((c) => c._id)).toEqual([a._id]);
    const text = await list('all', { filters: { surname: { filterType: 'TEXT', filterVal: 'uart' } } });
    expect(text.body.clients.map((c) => c._id)).toEqual([a._id]);
    const wild = await list('all', { filters: { surname: { filterType: 'TEXT', filterVal: '%' } } });
    expect(wild.body.totalSize).toBe(0);

    const page2 = await list('all', { page: 2, sizePerPage: 1 });
    expect(page2.body.clients).toHaveLength(1);
    expect(page2.body.clients[0]!._id).toBe(all.body.clients[1]!._id);
  });

  it('filters agent codes by number or * for partners, and eKYC and completion tri-state', async () => {
    const p = await add({ name: 'Pat' });
    await t.db.update(users).set({ role: 'PARTNER', agentCode: 7001 }).where(eq(users.id, p._id));
    const c = await add({ name: 'Carl' });
    await t.db
      .update(users)
      .set({ agentCode: 7001, eKycPending: true, registered: true })
      .where(eq(users.id, c._id));
    const partners = await list('all', { filters: { agentCode: { filterType: 'TEXT', filterVal: '*' } } });
    expect(partners.body.clients.map((x) => x._id)).toEqual([p._id]);
    const code = await list('all', { filters: { agentCode: { filterType: 'TEXT', filterVal: '7001' } } });
    expect(code.body.totalSize).toBe(2);
    const kyc = await list('all', {
      filters: { eKYCApproved: { filterType: 'SELECT', filterVal: 'pending' } },
    });
    expect(kyc.body.clients.map((x) => x._id)).toEqual([c._id]);
    const done = await list('all', {
      filters: { registered: { filterType: 'SELECT', filterVal: 'completed' } },
    });
    expect(done.body.clients.map((x) => x._id)).toEqual([c._id]);
  });

  it('refuses unknown sort and filter fields and bad filter values with 400', async () => {
    const sort = await list('all', { sortField: 'passwordHash' });
    expect(sort.status).toBe(400);
    expect(sort.body).toMatchObject({ errors: { sortField: 'This column cannot be sorted.' } });
    const filter = await list('all', {
      filters: { 'password_hash; drop table users': { filterType: 'TEXT', filterVal: 'x' } },
    });
    expect(filter.status).toBe(400);
    const agent = await list('all', { filters: { agentCode: { filterType: 'TEXT', filterVal: 'abc' } } });
    expect(agent.status).toBe(400);
    expect((await list('everyone')).status).toBe(400);
    expect((await list('all', { sizePerPage: 1000 })).status).toBe(400);
    expect((await list('all', { page: 0 })).status).toBe(400);
  });

  it('returns a profile, 404 for an unknown id and 400 for a malformed one', async () => {
    const u = await add();
    const r = await t.call(calls.clients.getProfile, { params: { id: u._id } }, t.auth(admin));
    expect(r.body.user.email).toBe(u.email);
    expect(
      (await t.call(calls.clients.getProfile, { params: { id: '0123456789abcdef01234567' } }, t.auth(admin)))
        .status,
    ).toBe(404);
    expect(
      (await t.call(calls.clients.getProfile, { params: { id: 'not-an-id' } }, t.auth(admin))).status,
    ).toBe(400);
  });

  it('runs compliance actions with a reason for pending, logging each', async () => {
    const u = await add();
    const noReason = await t.call(
      calls.clients.processUser,
      {
        body: {
          userId: u._id,
          status: 'pending',
          reason: ' ',
        },
      },
      t.auth(admin),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ errors: { reason: MESSAGES.reasonRequired } });
    for (const status of ['approved', 'rejected'] as const) {
      const r = await t.call(
        calls.clients.processUser,
        { body: { userId: u._id, status, reason: '' } },
        t.auth(admin),
      );
      expect(r.body).toEqual({ success: true, reload: true });
      const p = await t.call(calls.clients.getProfile, { params: { id: u._id } }, t.auth(admin));
      expect(p.body.user.status).toBe(status);
    }
    const staff = await t.call(
      calls.clients.processUser,
      {
        body: {
          userId: sysopId,
          status: 'rejected',
          reason: '',
        },
      },
      t.auth(admin),
    );
    expect(staff.status).toBe(403);
  });

  it('enforces the role rules of Edit User on the server', async () => {
    const u = await add();
    const base = { _id: u._id, role: 'USER', status: 'new' } as const;
    const byAdmin = await editUser({ ...base, role: 'PARTNER' }, admin);
    expect(byAdmin.status).toBe(403);
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, u._id));
    expect(unchanged!.role).toBe('USER');

    const bySysop = await editUser({ ...base, role: 'PARTNER', status: 'approved' }, sysop);
    expect(bySysop.status).toBe(200);
    expect(bySysop.body.user).toMatchObject({ role: 'PARTNER', status: 'approved' });

    const toSysop = await editUser({ ...base, role: 'SYSOP' }, sysop);
    expect(toSysop.status).toBe(403);
    const editAdmin = await editUser({ _id: adminId, role: 'ADMIN', status: 'approved', name: 'X' }, sysop);
    expect(editAdmin.status).toBe(403);
    const adminEditsSysop = await editUser({ _id: sysopId, role: 'SYSOP', status: 'approved' }, admin);
    expect(adminEditsSysop.status).toBe(403);

    const promoted = await editUser({ ...base, role: 'ADMIN', status: 'rejected' }, sysop);
    expect(promoted.body.user).toMatchObject({ role: 'ADMIN', status: 'approved' });
  });

  it('edits details, email and password with field errors for a taken email', async () => {
    const u = await add();
    const other = await add();
    const taken = await editUser({ _id: u._id, role: 'USER', status: 'new', newEmail: other.email }, admin);
    expect(taken.body).toMatchObject({ errors: { email: 'This email is already in use.' } });
    const short = await editUser(
      { _id: u._id, role: 'USER', status: 'new', password: '123', password2: '123' },
      admin,
    );
    expect(short.body).toMatchObject({ errors: { password: MESSAGES.passwordTooShort } });
    const ok = await editUser(
      {
        _id: u._id,
        role: 'USER',
        status: 'new',
        newEmail: 'renamed@clients.test',
        city: 'Leeds',
        password: 'newpass',
        password2: 'newpass',
        emailVerified: true,
      },
      admin,
    );
    expect(ok.body.user).toMatchObject({ email: 'renamed@clients.test', city: 'Leeds', emailVerified: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, u._id));
    expect(await verifyPassword(row!.passwordHash, 'newpass')).toBe(true);
  });

  it("refuses a staff member's password through Edit User: staff are changed on the Staff screen", async () => {
    const id = await t.createUser({
      email: 'other.sysop@c.test',
      password: 'Correct-Horse-1',
      role: 'SYSOP',
    });
    const token = await t.signIn('other.sysop@c.test', 'Correct-Horse-1');
    const r = await editUser(
      { _id: id, role: 'SYSOP', status: 'approved', password: 'Fresh-Pass-9', password2: 'Fresh-Pass-9' },
      sysop,
    );
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ errors: { auth: STAFF_MESSAGES.managedOnStaffScreen } });
    expect((await t.call(calls.auth.getMe, {}, t.auth(token))).status).toBe(200);
    expect(await t.signIn('other.sysop@c.test', 'Correct-Horse-1')).toEqual(expect.any(String));
  });

  it('switches the application type and keeps client logs; refuses a blank event', async () => {
    const u = await add();
    const r = await t.call(
      calls.clients.changeAccountType,
      {
        body: {
          changeTo: 'Corporate',
          userData: { _id: u._id },
        },
      },
      t.auth(admin),
    );
    expect(r.body).toEqual({ success: true });
    expect(
      (await t.call(calls.clients.getProfile, { params: { id: u._id } }, t.auth(admin))).body.user
        .accountType,
    ).toBe('Corporate');
    const blank = await t.call(
      calls.clients.addLog,
      { body: { userId: u._id, event: '   ' } },
      t.auth(admin),
    );
    expect(blank.body).toMatchObject({ errors: { event: MESSAGES.eventRequired } });
    await t.call(
      calls.clients.addLog,
      { body: { userId: u._id, event: 'Called the client' } },
      t.auth(admin),
    );
    const logs = await t.call(calls.clients.listLogs, { params: { userId: u._id } }, t.auth(admin));
    expect(logs.body.map((l) => l.event)).toEqual(
      expect.arrayContaining(['Called the client', 'Application type changed to Corporate']),
    );
  });

  it('reads and saves partner email settings, all five required', async () => {
    const p = await add();
    await t.db.update(users).set({ role: 'PARTNER', agentCode: 9100 }).where(eq(users.id, p._id));
    const first = await t.call(
      calls.clients.getPartnerEmailSettings,
      { params: { userId: p._id } },
      t.auth(admin),
    );
    expect(first.body[0]).toMatchObject({ partnerId: p._id, agentCode: 9100, partnerUserDeposited: true });
    const settings = {
      partnerId: p._id,
      agentCode: 9100,
      partnerUserRegistered: false,
      partnerUserApproved: true,
      partnerUserKYCApproved: false,
      partnerUserDeposited: true,
      partnerUserWithdrawalRequest: false,
    };
    expect(
      (await t.call(calls.clients.updatePartnerEmailSettings, { body: settings }, t.auth(admin))).status,
    ).toBe(200);
    const after = await t.call(
      calls.clients.getPartnerEmailSettings,
      { params: { userId: p._id } },
      t.auth(admin),
    );
    expect(after.body[0]).toMatchObject(settings);
    const { partnerUserDeposited: _, ...missing } = settings;
    expect(
      (await t.raw(calls.clients.updatePartnerEmailSettings, { body: missing }, t.auth(admin))).status,
    ).toBe(400);
  });

  it('lists admins by id and name', async () => {
    const r = await t.call(calls.clients.listAdmins, {}, t.auth(admin));
    expect(r.body.admins[adminId]).toBe('Alex Staff');
    expect(r.body.admins[sysopId]).toBe('Sam Staff');
  });
});
