import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ZodObject } from 'zod';
import { STAFF_MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, users } from '../../src/db/schema.ts';
import { routesOf, type RecordedRoute } from '../security/support/routes.ts';
import { PDF, uploadFile } from '../banks/fixtures.ts';

const recorded = vi.hoisted(() => [] as RecordedRoute[]);
vi.mock('fastify', async (importOriginal) =>
  (await import('../security/support/routes.ts')).recordingFastify(await importOriginal(), recorded),
);

const PASSWORD = 'Correct-Horse-1';

/** A valid body per route that takes a user id, naming `id` as the user acted on. */
const BODIES: Record<string, (id: string) => unknown> = {
  '/api/admin/users/editUser': (id) => ({ _id: id, role: 'SYSOP', status: 'approved', name: 'Changed' }),
  '/api/admin/users/changeUserAccountType': (id) => ({ changeTo: 'Corporate', userData: { _id: id } }),
  '/api/admin/users/addLog': (id) => ({ userId: id, event: 'Written by an ADMIN' }),
  '/api/admin/users/processUser': (id) => ({ userId: id, status: 'rejected' }),
  '/api/admin/users/processIbRequest': (id) => ({ userId: id, status: 'approved', comment: 'Make partner' }),
  '/api/admin/partners/updateEmailNotifications': (id) => ({
    partnerId: id,
    partnerUserRegistered: false,
    partnerUserApproved: false,
    partnerUserKYCApproved: false,
    partnerUserDeposited: false,
    partnerUserWithdrawalRequest: false,
  }),
  '/api/admin/accounts/adminUpdateAccount': (id) => ({
    userId: id,
    accountId: 'a'.repeat(24),
    leverage: 100,
  }),
  '/api/admin/accounts/adminCreateSubAccount': (id) => ({
    userId: id,
    requestType: 'live',
    accType: 'Standard',
    baseCurrency: 'USD',
    leverage: 100,
  }),
  '/api/admin/accounts/changeTradingAccountNames': (id) => ({ userData: { _id: id } }),
};

/** Fields through which a body names a user (the client, partner or staff member acted on). */
const USER_ID_FIELDS = ['userId', 'partnerId', 'userData'];

describe(`a non-SYSOP never acts on a SYSOP's record (${testDbKind})`, () => {
  let t: TestApp;
  let admin: string;
  let sysop: string;
  let sysopId: string;
  let routes: RecordedRoute[];

  beforeAll(async () => {
    t = await startTestApp();
    routes = routesOf(recorded, t.app);
    sysopId = await t.createUser({ email: 'root@acting.test', password: PASSWORD, role: 'SYSOP' });
    await t.createUser({ email: 'adam@acting.test', password: PASSWORD, role: 'ADMIN' });
    admin = await t.signIn('adam@acting.test', PASSWORD);
    sysop = await t.signIn('root@acting.test', PASSWORD);
  });
  afterAll(() => t.stop());

  const audits = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
  const sysopRow = async () => (await t.db.select().from(users).where(eq(users.id, sysopId)))[0]!;

  it('covers every route whose body names a user (found in the route table)', () => {
    const takingUserId = routes
      .filter((r) => r.method === 'POST' && r.schema.body)
      .filter((r) => {
        const shape = (r.schema.body as ZodObject).shape ?? {};
        const named = USER_ID_FIELDS.some((f) => f in shape);
        // Edit User names its user as _id; other bodies' _id is a request, account or group.
        return named || r.url === '/api/admin/users/editUser';
      })
      .map((r) => r.url);
    expect(takingUserId.sort()).toEqual(Object.keys(BODIES).sort());
    for (const r of routes.filter((x) => x.url in BODIES && x.method === 'POST'))
      expect((r.config as { actsOn?: unknown }).actsOn, r.url).toBeDefined();
  });

  it('answers 403 to an ADMIN on each of them, and changes nothing', async () => {
    const before = { row: await sysopRow(), audits: await audits() };
    for (const [url, body] of Object.entries(BODIES)) {
      const r = await t.call('POST', url, body(sysopId), t.auth(admin));
      expect(r.status, url).toBe(403);
      expect(r.body, url).toMatchObject({ errors: { auth: STAFF_MESSAGES.sysopRecord } });
    }
    const up = await uploadFile(t, admin, sysopId, PDF, 'statement.pdf');
    expect(up.status).toBe(403);
    expect(await sysopRow()).toEqual(before.row);
    expect(await audits()).toBe(before.audits);
  });

  it("lets a SYSOP act on a SYSOP's record (the rule does not refuse it)", async () => {
    const r = await t.call(
      'POST',
      '/api/admin/users/addLog',
      BODIES['/api/admin/users/addLog']!(sysopId),
      t.auth(sysop),
    );
    expect(r.status).toBe(200);
    const up = await uploadFile(t, sysop, sysopId, PDF, 'statement.pdf');
    expect(up.status).toBe(200);
  });
});
