import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { calls, callKey, STAFF_MESSAGES, type CallDef } from '@brokerdesk/contract';
import { startTestApp, type RawInput, type TestApp } from '../support/test-app.ts';
import { staffSession } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, users } from '../../src/db/schema.ts';
import { routesOf, type RecordedRoute } from '../security/support/routes.ts';
import { PDF, uploadFile } from '../banks/fixtures.ts';

const recorded = vi.hoisted(() => [] as RecordedRoute[]);
vi.mock('fastify', async (importOriginal) =>
  (await import('../security/support/routes.ts')).recordingFastify(await importOriginal(), recorded),
);

const PASSWORD = 'Correct-Horse-1';

/**
 * A valid body per call that takes a user id, naming `id` as the user acted on (loose: one table for
 * calls of different bodies).
 */
const BODIES: [CallDef, (id: string) => unknown][] = [
  [calls.clients.editUser, (id) => ({ _id: id, role: 'SYSOP', status: 'approved', name: 'Changed' })],
  [calls.clients.changeAccountType, (id) => ({ changeTo: 'Corporate', userData: { _id: id } })],
  [calls.clients.addLog, (id) => ({ userId: id, event: 'Written by an ADMIN' })],
  [calls.clients.processUser, (id) => ({ userId: id, status: 'rejected' })],
  [calls.partners.processIbRequest, (id) => ({ userId: id, status: 'approved', comment: 'Make partner' })],
  [
    calls.clients.updatePartnerEmailSettings,
    (id) => ({
      partnerId: id,
      partnerUserRegistered: false,
      partnerUserApproved: false,
      partnerUserKYCApproved: false,
      partnerUserDeposited: false,
      partnerUserWithdrawalRequest: false,
    }),
  ],
  [calls.accounts.updateAccount, (id) => ({ userId: id, accountId: 'a'.repeat(24), leverage: 100 })],
  [
    calls.accounts.createSubAccount,
    (id) => ({ userId: id, requestType: 'live', accType: 'Standard', baseCurrency: 'USD', leverage: 100 }),
  ],
  [calls.accounts.renameTradingAccounts, (id) => ({ userData: { _id: id } })],
];

/**
 * The read calls that take a user id in their path, with the other path parameters and the body a
 * valid call needs; the user's id fills :id or :userId.
 */
const READS: [CallDef, { params?: Record<string, string>; body?: unknown }][] = [
  [calls.clients.getProfile, {}],
  [calls.clients.listLogs, {}],
  [calls.clients.getApplication, {}],
  [calls.clients.getPartnerEmailSettings, {}],
  [calls.audit.listDocumentViews, {}],
  [calls.clients.listKycDocuments, {}],
  [calls.clients.getKycApplicant, {}],
  [calls.clients.getTimeline, {}],
  [calls.banks.listClientBankAccounts, {}],
  [
    calls.funding.pageClientFundingHistory,
    { params: { type: 'deposit', approved: 'all' }, body: { page: 1, sizePerPage: 10 } },
  ],
  [calls.accounts.listClientAccounts, { params: { type: 'live', approved: 'all' } }],
  [calls.evidence.getMoneyPicture, {}],
  [calls.alerts.evaluateClientAlerts, {}],
];
/** A read's input for one user: the user's id in :id or :userId (urlOf uses the one the path names). */
const readOf = ({ params, body }: (typeof READS)[number][1], id: string): RawInput => ({
  params: { ...params, id, userId: id },
  body,
});

/** Inputs that do name a user but need no declaration, and why. */
const EXEMPT: Record<string, string> = {
  'GET /api/kyc/image/:userId/:imageId params.userId':
    'a signed link without a session: issued only by getKYCDocuments, which applies the rule, and bound to that session',
  'GET /api/kyc/report/:userId params.userId': 'a signed link, as above',
  'POST /api/admin/audit/search body.filters.actorId':
    "a filter of the audit trail, which the caller may read whole: it reads no user's record",
  'POST /api/admin/audit/search body.filters.userId': 'a filter of the audit trail, as above',
  'GET /api/admin/audit/export.csv querystring.actorId': 'the same filters, as a file',
  'GET /api/admin/audit/export.csv querystring.userId': 'the same filters, as a file',
  'POST /api/admin/audit/search body.filters.recordId':
    'a record filter of the audit trail (any record, a user or not), which the caller may read whole',
  'GET /api/admin/audit/export.csv querystring.recordId': 'the same filters, as a file',
  'POST /api/admin/evidence-packs body.id':
    'a client or a request, by its subject: it reads (and audits) a pack, changes nothing; a staff member is no client (404)',
  'GET /api/evidence-packs/download querystring.id': 'a signed link, issued only by createEvidencePack and bound to that session',
  'POST /api/admin/reports/subscriptions body.staffId':
    'SYSOP only: the staff member a report is mailed to, read for their role and address; nothing of their record changes',
};

/**
 * Every input of the route table that looks like an id (a path parameter, body field or query field
 * named _id, id or ...Id, at any depth of the body), as 'METHOD url place.path'. Each must be declared
 * to the acting-on rule, listed in EXEMPT, or shown here to name something other than a user.
 */
const NOT_A_USER: Record<string, string> = {
  'POST /api/users/newPassword body.id': 'a password-reset link',
  'POST /email/confirm/:id params.id': 'an email-confirm link',
  'POST /email/confirm/:setpassword/:id params.id': 'an email-confirm link',
  'POST /api/admin/users/editUser body.nullpointCmpId':
    "the client's company id at Nullpoint (a field of the record)",
  'POST /api/admin/groups/addGroup body.groupId': 'a trading group',
  'POST /api/admin/audit/anchor-reports/:id/acknowledge params.id': 'a report of the audit trail behind a mailed anchor',
  'POST /api/admin/reports/subscriptions/:id/cancel params.id': 'a report subscription',
  'POST /api/admin/reports/run body.subscriptionId': 'a report subscription',
  'POST /api/admin/reports/list body.subscriptionId': "a report subscription (the history's filter)",
  'GET /api/admin/reports/:id params.id': 'a kept report',
  'GET /api/admin/reports/:id/report.pdf params.id': 'a kept report',
  'GET /api/admin/reports/:id/figures.csv params.id': 'a kept report',
  'GET /api/admin/views/:id params.id': 'a saved view (of a list)',
  'POST /api/admin/views/update body._id': 'a saved view (of a list)',
  'POST /api/admin/views/delete body._id': 'a saved view (of a list)',
  'POST /api/admin/groups/editGroup body.groupId': 'a trading group',
  'POST /api/admin/groups/deleteGroup body.groupId': 'a trading group',
  'GET /api/admin/accounts/adminGetRequest/:type/:id params.id': 'a deposit, withdrawal or transfer',
  'GET /api/admin/accounts/adminGetWithdrawalOrders querystring.providerOrderId':
    "a payment provider's order",
  'POST /api/admin/accounts/adminUpdateDeposit body.deposit._id': 'a deposit',
  'POST /api/admin/accounts/adminProcessDeposit body.depositId': 'a deposit',
  'POST /api/admin/accounts/adminUpdateWithdrawal body.withdrawal._id': 'a withdrawal',
  'POST /api/admin/accounts/adminProcessWithdrawal body.withdrawalId': 'a withdrawal',
  'GET /api/admin/users/:userId/money-picture querystring.withdrawalId':
    "a withdrawal, read only when it is the named client's",
  'POST /api/admin/accounts/adminUpdateProviderWithdrawal body.withdrawal._id': 'a withdrawal',
  'POST /api/admin/accounts/adminProcessProviderWithdrawal body.withdrawalId': 'a withdrawal',
  'POST /api/admin/accounts/adminUpdateTransfer body.transfer._id': 'a transfer',
  'POST /api/admin/accounts/adminProcessTransfer body.transferId': 'a transfer',
  'GET /api/admin/users/adminGetIbRequest/:id params.id': 'an IB request',
  'POST /api/admin/users/adminUpdateIbCode body.ibId': 'an IB code',
  'GET /api/admin/accounts/adminGetBankAccount/:id params.id': 'a bank account',
  'POST /api/admin/accounts/adminUpdateBankAccount body._id': 'a bank account',
  'POST /api/admin/accounts/adminDepositReqBankDetails body.depositId': 'a deposit',
  'GET /api/admin/accounts/adminGetAccount/:id params.id': 'a trading account',
  'POST /api/admin/accounts/adminUpdateAccount body.accountId':
    'a trading account (the user is body.userId, declared)',
  'POST /api/admin/accounts/adminCheckAccountPasswordChangeStatus body.accountId': 'a trading account',
  'GET /api/admin/accounts/adminGetSubAccountRequest/:id params.id': 'a sub-account request',
  'POST /api/admin/accounts/adminUpdateSubAccountRequest body._id': 'a sub-account request',
  'GET /api/admin/accounts/adminGetLeverageRequest/:id params.id': 'a leverage request',
  'POST /api/admin/accounts/adminUpdateAccountLeverage body.account._id': 'a trading account',
  'POST /api/admin/accounts/adminProcessLeverageUpdate body.changeLeverageId': 'a leverage request',
  'GET /api/kyc/image/:userId/:imageId params.imageId': 'a KYC image',
  'POST /api/admin/sessions/end body.sessionId': 'a staff session (SYSOP only)',
  'GET /api/admin/reconciliation/reports/:id params.id': 'a reconciliation report',
  'POST /api/admin/reconciliation/alerts/:id/acknowledge params.id': 'a reconciliation alert',
  'GET /api/admin/reconciliation/reports/:id/export.csv params.id': 'a reconciliation report',
  'POST /api/admin/alerts/:alertId/assign params.alertId': 'an alert (on a deposit or withdrawal)',
  'POST /api/admin/alerts/:alertId/resolve params.alertId': 'an alert (on a deposit or withdrawal)',
  'GET /api/admin/alerts/request/:requestType/:requestId params.requestId':
    'a deposit, withdrawal or transfer',
};

function idInputs(schema: unknown, prefix: string[] = [], depth = 0): string[][] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 4) return [];
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      return Object.entries(shape).flatMap(([key, value]) => {
        const path = [...prefix, key];
        const own = /^(_id|id)$|Id$/.test(key) ? [path] : [];
        return [...own, ...idInputs(value, path, depth + 1)];
      });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return idInputs(def.innerType, prefix, depth);
    case 'pipe':
      return idInputs(def.in, prefix, depth);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => idInputs(o, prefix, depth));
    default:
      return [];
  }
}

describe(`client routes never act on staff; a non-SYSOP never on a SYSOP (${testDbKind})`, () => {
  let t: TestApp;
  let admin: string;
  let sysop: string;
  let sysopId: string;
  let otherAdminId: string;
  let routes: RecordedRoute[];

  beforeAll(async () => {
    t = await startTestApp();
    routes = routesOf(recorded, t.app);
    ({ id: sysopId, token: sysop } = await staffSession(t, 'root@acting.test', 'SYSOP'));
    admin = (await staffSession(t, 'adam@acting.test', 'ADMIN')).token;
    otherAdminId = await t.createUser({ email: 'ada@acting.test', password: PASSWORD, role: 'ADMIN' });
  });
  afterAll(() => t.stop());

  const audits = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
  const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const refusal = { errors: { auth: STAFF_MESSAGES.managedOnStaffScreen } };

  it('holds every id a route takes to a declaration: acted on (body or path), exempt with a reason, or not a user', () => {
    const unclassified: string[] = [];
    const declared: string[] = [];
    const found: string[] = [];
    // HEAD routes are Fastify's copies of the GET routes, with their config.
    for (const r of routes.filter((x) => x.method !== 'HEAD')) {
      const config = r.config as { actsOn?: readonly string[]; actsOnParam?: string };
      const inputs = [
        ...idInputs(r.schema.params).map((p) => ['params', ...p]),
        ...idInputs(r.schema.body).map((p) => ['body', ...p]),
        ...idInputs(r.schema.querystring).map((p) => ['querystring', ...p]),
      ];
      for (const [place, ...path] of inputs) {
        const key = `${r.method} ${r.url} ${place}.${path.join('.')}`;
        const isDeclared =
          (place === 'body' && config.actsOn?.join('.') === path.join('.')) ||
          (place === 'params' && config.actsOnParam === path.join('.'));
        found.push(key);
        if (isDeclared) declared.push(`${r.method} ${r.url}`);
        else if (!(key in EXEMPT) && !(key in NOT_A_USER)) unclassified.push(key);
      }
    }
    expect(unclassified).toEqual([]);
    // No entry outlives its route.
    expect([...Object.keys(EXEMPT), ...Object.keys(NOT_A_USER)].filter((k) => !found.includes(k))).toEqual(
      [],
    );
    // Every declared route is exercised below (writes with BODIES, reads with READS, staff/update's
    // own tests: it is SYSOP only and acts on staff).
    const exercised = [
      ...BODIES.map(([def]) => callKey(def)),
      ...READS.map(([def]) => callKey(def)),
      callKey(calls.staff.updateStaff),
    ];
    expect(declared.sort()).toEqual(exercised.sort());
  });

  it("answers 403 to an ADMIN writing a SYSOP's or another ADMIN's record through each client route, and changes nothing", async () => {
    for (const target of [sysopId, otherAdminId]) {
      const before = { row: await row(target), audits: await audits() };
      for (const [def, body] of BODIES) {
        const r = await t.raw(def, { body: body(target) }, t.auth(admin));
        expect(r.status, def.path).toBe(403);
        expect(r.body, def.path).toMatchObject(refusal);
      }
      const up = await uploadFile(t, admin, target, PDF, 'statement.pdf');
      expect(up.status).toBe(403);
      expect(await row(target)).toEqual(before.row);
      expect(await audits()).toBe(before.audits);
    }
  });

  it('answers 403 to a SYSOP too: a staff record is changed only on the Staff screen', async () => {
    for (const target of [sysopId, otherAdminId]) {
      const before = await row(target);
      for (const [def, body] of BODIES) {
        const r = await t.raw(def, { body: body(target) }, t.auth(sysop));
        expect(r.status, def.path).toBe(403);
        expect(r.body, def.path).toMatchObject(refusal);
      }
      expect((await uploadFile(t, sysop, target, PDF, 'statement.pdf')).status).toBe(403);
      expect(await row(target)).toEqual(before);
    }
  });

  it("answers 403 to anyone reading a staff member's record through a client route", async () => {
    for (const [token, target] of [
      [admin, sysopId],
      [admin, otherAdminId],
      [sysop, otherAdminId],
      [sysop, sysopId],
    ] as const) {
      for (const [def, input] of READS) {
        const key = callKey(def);
        const r = await t.raw(def, readOf(input, target), t.auth(token));
        expect(r.status, key).toBe(403);
        expect(r.body, key).toMatchObject(refusal);
      }
    }
  });

  it("lets an ADMIN and a SYSOP read and write a client's record through the same routes", async () => {
    const clientId = await t.createUser({ email: 'carla@acting.test', role: 'USER' });
    for (const token of [admin, sysop]) {
      for (const [def, input] of READS) {
        const key = callKey(def);
        const r = await t.raw(def, readOf(input, clientId), t.auth(token));
        // 200, or the route's own 404 (this client is no partner).
        expect([200, 404], `${key} ${JSON.stringify(r.body)}`).toContain(r.status);
      }
      const log = await t.post(
        calls.clients.addLog,
        { userId: clientId, event: 'Written by an ADMIN' },
        t.auth(token),
      );
      expect(log.status).toBe(200);
      expect((await uploadFile(t, token, clientId, PDF, 'statement.pdf')).status).toBe(200);
    }
  });
});
