import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { ZodObject, ZodType } from 'zod';
import { MESSAGES, ROLES, type Role } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { users } from '../../src/db/schema.ts';
import { SessionService } from '../../src/auth/sessions.ts';
import { newId } from '../../src/lib/ids.ts';
import { fillPath, fromOpenApiPath, keyOf, routesOf, type RecordedRoute } from './support/routes.ts';

// Every route the server registers, seen by an onRoute hook on the real Fastify instance (hidden ones too).
const recorded = vi.hoisted(() => [] as RecordedRoute[]);
vi.mock('fastify', async (importOriginal) =>
  (await import('./support/routes.ts')).recordingFastify(await importOriginal(), recorded),
);

/** The signing secret startTestApp gives the server (as in banks/uploads.test.ts). */
const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');
const PASSWORD = 'Correct-Horse-1';

/**
 * Who calls. Session tokens that are dead for each reason DESIGN "Security" names, tokens whose staff
 * member has since been moved below ADMIN, and live ADMIN and SYSOP sessions.
 */
const ACTORS = [
  'none',
  'malformed',
  'forged',
  'idle',
  'expired',
  'revoked',
  'USER',
  'PARTNER',
  'MODERATOR',
  'ADMIN',
  'SYSOP',
] as const;
type Actor = (typeof ACTORS)[number];
const LOWERED = ['USER', 'PARTNER', 'MODERATOR'] as const;

/**
 * 401 / 403: exactly that status. 'allowed': the guard let the call through (not 401 or 403; a 400, 404
 * or 409 from the handler is fine). 'open': a public route, the same for everyone. 'signed': a document
 * link that only its signature opens, so a forged one is 403 (or 404) whatever bearer comes with it.
 * No cell ever accepts a 5xx.
 */
type Outcome = 401 | 403 | 'allowed' | 'open' | 'signed';
type Row = Record<Actor, Outcome>;

const everyone = (o: Outcome) => Object.fromEntries(ACTORS.map((a) => [a, o])) as Row;
/** SPEC 2.1 public routes and the calls they make (sign-in, email confirm), server info, dev outbox. */
const PUBLIC = everyone('open');
const SIGNED_LINK = everyone('signed');
/**
 * SPEC 6 "The portal needs ADMIN or higher"; DESIGN: a token needs a live session, and lowering a staff
 * member's role ends their sessions, so a USER, PARTNER or MODERATOR token is a dead session (401).
 */
const STAFF: Row = {
  none: 401,
  malformed: 401,
  forged: 401,
  idle: 401,
  expired: 401,
  revoked: 401,
  USER: 401,
  PARTNER: 401,
  MODERATOR: 401,
  ADMIN: 'allowed',
  SYSOP: 'allowed',
};

/** Routes with `minRole: 'SYSOP'`: an ADMIN's live session is refused for its role (403). */
const SYSOP_ONLY: Row = { ...STAFF, ADMIN: 403 };

/** Every route of the server, by method and Fastify pattern. HEAD routes follow their GET's row. */
const MATRIX: Record<string, Row> = {
  // Pages of the web app (fastify-static); other page paths are served by the not-found handler.
  'GET /': PUBLIC,
  'GET /index.html': PUBLIC,
  // Sign-in and password calls (SPEC 7.1), email confirmation (SPEC 2.1), and what a login page needs.
  'POST /api/users/loginAdmin': PUBLIC,
  'POST /api/users/loginConfirm': PUBLIC,
  'POST /api/users/resendLoginVerificationEmail': PUBLIC,
  'POST /api/users/resetPassword': PUBLIC,
  'POST /api/users/newPassword': PUBLIC,
  // The link's GET is a page (the not-found handler serves it); its button POSTs to confirm.
  'POST /email/confirm/:id': PUBLIC,
  'POST /email/confirm/:setpassword/:id': PUBLIC,
  'GET /api/other/serverInfo': PUBLIC,
  'GET /api/dev/outbox': PUBLIC,
  // Liveness and readiness probes (DESIGN "Running in production"): a load balancer calls them.
  'GET /healthz': PUBLIC,
  'GET /readyz': PUBLIC,
  // Documents opened in a new tab: the short-lived signature is the permission.
  'GET /api/kyc/image/:userId/:imageId': SIGNED_LINK,
  'GET /api/kyc/report/:userId': SIGNED_LINK,
  'GET /public/files/:file': SIGNED_LINK,
  'GET /api/exports/download': SIGNED_LINK,
  // CSV exports: asking for the download link is for signed-in staff.
  'POST /api/admin/exports': STAFF,
  // The session itself and the polled counters.
  'GET /api/users/me': STAFF,
  'POST /api/users/logout': STAFF,
  'GET /api/other/getNewRequestsCount/': STAFF,
  'GET /api/other/checkNewDeposits/': STAFF,
  'GET /api/admin/other/getMlStatuses/': STAFF,
  // The live-updates stream and the global search (Ctrl+K).
  'GET /api/other/events': STAFF,
  'POST /api/admin/search': STAFF,
  // Users (SPEC 7.2).
  'POST /api/admin/users/list/paginated/:status': STAFF,
  'GET /api/admin/users/getAdmins': STAFF,
  'GET /api/admin/users/profile/:id': STAFF,
  'POST /api/admin/users/register': STAFF,
  'POST /api/admin/users/editUser': STAFF,
  'POST /api/admin/users/changeUserAccountType': STAFF,
  'POST /api/admin/users/addLog': STAFF,
  'GET /api/admin/users/logs/:userId': STAFF,
  'POST /api/admin/users/processUser': STAFF,
  'GET /api/admin/users/getClientApplicationData/:id': STAFF,
  'GET /api/admin/users/getKYCDocuments/:id': STAFF,
  'GET /api/admin/users/getKYCApplicantData/:id': STAFF,
  // Partners and introducers (SPEC 7.3).
  'GET /api/admin/partners/getEmailNotifications/:userId': STAFF,
  'POST /api/admin/partners/updateEmailNotifications': STAFF,
  'GET /api/admin/users/adminGetIbRequests': STAFF,
  'POST /api/admin/users/processIbRequest': STAFF,
  'GET /api/admin/users/adminGetIbCodes': STAFF,
  'GET /api/admin/users/adminGetGeneratedCodes/:agentCode': STAFF,
  'POST /api/admin/users/adminAddIbCode': STAFF,
  'POST /api/admin/users/adminUpdateIbCode': STAFF,
  'POST /api/admin/users/adminGenerateCodes': STAFF,
  'POST /api/admin/users/adminGetIbRequests/paginated': STAFF,
  'GET /api/admin/users/adminGetIbRequest/:id': STAFF,
  'POST /api/admin/users/adminGetIbCodes/paginated': STAFF,
  // Raising the IB quotas is for a SYSOP (docs/decisions.md).
  'POST /api/admin/users/adminAddIbSlots': SYSOP_ONLY,
  // Groups (SPEC 7.5): add, edit and delete are for ADMIN or higher.
  'GET /api/admin/groups/getGroups': STAFF,
  'POST /api/admin/groups/addGroup': STAFF,
  'POST /api/admin/groups/editGroup': STAFF,
  'POST /api/admin/groups/deleteGroup': STAFF,
  // Funding (SPEC 7.4).
  'POST /api/admin/accounts/adminGetRequests/paginated': STAFF,
  'POST /api/admin/accounts/adminGetFundingRequests/paginated/:userId/:type/:approved': STAFF,
  'POST /api/admin/accounts/adminUpdateDeposit': STAFF,
  'POST /api/admin/accounts/adminProcessDeposit': STAFF,
  'POST /api/admin/accounts/adminUpdateWithdrawal': STAFF,
  'POST /api/admin/accounts/adminProcessWithdrawal': STAFF,
  'POST /api/admin/accounts/adminUpdateTransfer': STAFF,
  'POST /api/admin/accounts/adminProcessTransfer': STAFF,
  'POST /api/admin/accounts/adminUpdateProviderWithdrawal': STAFF,
  'POST /api/admin/accounts/adminProcessProviderWithdrawal': STAFF,
  'GET /api/admin/accounts/adminGetWithdrawalOrders': STAFF,
  'GET /api/admin/accounts/adminGetRequest/:type/:id': STAFF,
  // Four-eyes thresholds: read by staff, set by a SYSOP (issue 9).
  'GET /api/admin/approvals/thresholds': STAFF,
  'POST /api/admin/approvals/setThreshold': SYSOP_ONLY,
  // Bank verification and the document upload (SPEC 7.4: POST /upload).
  'GET /api/admin/accounts/adminGetBankAccounts/all/all': STAFF,
  'POST /api/admin/accounts/adminGetBankAccounts/paginated/:status': STAFF,
  'GET /api/admin/accounts/adminGetBankAccount/:id': STAFF,
  'POST /api/admin/accounts/adminUpdateBankAccount': STAFF,
  'POST /api/admin/accounts/adminDepositReqBankDetails': STAFF,
  'POST /upload': STAFF,
  // Accounts, leverage and sub-accounts (SPEC 7.4).
  'GET /api/admin/accounts/adminGetAccounts/:userId/:type/:approved': STAFF,
  'POST /api/admin/accounts/adminGetAccounts/paginated/:all/:type/:approved': STAFF,
  'GET /api/admin/accounts/adminGetWalletAccounts/all': STAFF,
  'POST /api/admin/accounts/adminGetWalletAccounts/paginated': STAFF,
  'GET /api/admin/accounts/adminGetAccount/:id': STAFF,
  'POST /api/admin/accounts/adminUpdateAccount': STAFF,
  'POST /api/admin/accounts/adminCheckAccountPasswordChangeStatus': STAFF,
  'POST /api/admin/accounts/adminCreateSubAccount': STAFF,
  'GET /api/admin/accounts/adminGetSubAccountRequests/:live/:status': STAFF,
  'POST /api/admin/accounts/adminGetSubAccountRequests/paginated/:live/:status': STAFF,
  'POST /api/admin/accounts/adminUpdateSubAccountRequest': STAFF,
  'GET /api/admin/accounts/adminGetSubAccountRequest/:id': STAFF,
  'POST /api/admin/accounts/changeTradingAccountNames': STAFF,
  'GET /api/admin/accounts/adminGetLeverageRequests/:status': STAFF,
  'POST /api/admin/accounts/adminGetLeverageRequests/paginated/:status': STAFF,
  'POST /api/admin/accounts/adminUpdateAccountLeverage': STAFF,
  'POST /api/admin/accounts/adminProcessLeverageUpdate': STAFF,
  'GET /api/admin/accounts/adminGetLeverageRequest/:id': STAFF,
  // Bulk Approve / Reject on the request lists (issue 20): staff, as the row actions they repeat.
  'POST /api/admin/accounts/adminBulkDeposits': STAFF,
  'POST /api/admin/accounts/adminBulkWithdrawals': STAFF,
  'POST /api/admin/accounts/adminBulkTransfers': STAFF,
  'POST /api/admin/accounts/adminBulkBankAccounts': STAFF,
  'POST /api/admin/accounts/adminBulkLeverageRequests': STAFF,
  'POST /api/admin/accounts/adminBulkSubAccountRequests': STAFF,
  'POST /api/admin/users/adminBulkIbRequests': STAFF,
  // The audit trail and document views (ADMIN and above); verification and live sessions (SYSOP).
  'POST /api/admin/audit/search': STAFF,
  'GET /api/admin/audit/export.csv': STAFF,
  'GET /api/admin/audit/facets': STAFF,
  'POST /api/admin/audit/verify': SYSOP_ONLY,
  'GET /api/admin/users/documentViews/:userId': STAFF,
  // The profile's client record (issue 20): activity timeline and the client's bank accounts.
  'GET /api/admin/users/timeline/:id': STAFF,
  'GET /api/admin/users/bankAccounts/:id': STAFF,
  'GET /api/admin/sessions': SYSOP_ONLY,
  'POST /api/admin/sessions/end': SYSOP_ONLY,
  // Staff management (issue 18): staff read the list; only a SYSOP invites or changes staff.
  'GET /api/admin/staff': STAFF,
  'POST /api/admin/staff/invite': SYSOP_ONLY,
  'POST /api/admin/staff/update': SYSOP_ONLY,
  // Table settings and saved views (issue 20): every staff member has their own; a view's link opens for any.
  'GET /api/admin/views': STAFF,
  'GET /api/admin/views/:id': STAFF,
  'POST /api/admin/views/preferences': STAFF,
  'POST /api/admin/views/create': STAFF,
  'POST /api/admin/views/update': STAFF,
  'POST /api/admin/views/delete': STAFF,
  // Reconciliation with the platform (ADMIN and above).
  'POST /api/admin/reconciliation/run': STAFF,
  'POST /api/admin/reconciliation/reports': STAFF,
  'GET /api/admin/reconciliation/reports/:id': STAFF,
  'GET /api/admin/reconciliation/reports/:id/export.csv': STAFF,
  'GET /api/admin/reconciliation/alerts': STAFF,
  'POST /api/admin/reconciliation/alerts/:id/acknowledge': STAFF,
  // The operations dashboard (issue 20): every staff member's Home screen.
  'GET /api/admin/dashboard/overview': STAFF,
  'GET /api/admin/dashboard/activity': STAFF,
  // The OpenAPI document and its viewer (@fastify/swagger-ui) are under /api: staff only.
  'GET /api/docs': STAFF,
  // Fastify reports the trailing-slash variant of the viewer's page only as a HEAD route.
  'HEAD /api/docs/': STAFF,
  'GET /api/docs/static/index.html': STAFF,
  'GET /api/docs/static/swagger-initializer.js': STAFF,
  'GET /api/docs/static/*': STAFF,
  'GET /api/docs/json': STAFF,
  'GET /api/docs/yaml': STAFF,
};

/** Values that satisfy each kind of path parameter the routes use (the first one the schema accepts). */
const PARAM_CANDIDATES = [
  newId(),
  `${newId()}-1790000000-statement.pdf`,
  'all',
  'pending',
  'live',
  'deposit',
  'setpassword',
  '10001',
  'x',
];

/**
 * SPEC 6 and SPEC 5 "Edit User", as a table: who edits whom, and what they try to change. Written out
 * rather than computed with editPermissions(), so that the server is checked against the spec itself.
 */
type Change = 'details' | `role:${Role}` | 'status';
const EDIT_RULES: Record<'ADMIN' | 'SYSOP', Record<Role, (change: Change) => 200 | 403>> = {
  ADMIN: {
    // An ADMIN edits clients' details and status, never a role.
    USER: (c) => (c.startsWith('role:') ? 403 : 200),
    PARTNER: (c) => (c.startsWith('role:') ? 403 : 200),
    MODERATOR: (c) => (c.startsWith('role:') ? 403 : 200),
    // Editing an ADMIN is blocked; a non-SYSOP cannot edit a SYSOP.
    ADMIN: () => 403,
    SYSOP: () => 403,
  },
  SYSOP: {
    // Only a SYSOP changes roles, and only to one strictly below its own.
    USER: (c) => (c === 'role:SYSOP' ? 403 : 200),
    PARTNER: (c) => (c === 'role:SYSOP' ? 403 : 200),
    MODERATOR: (c) => (c === 'role:SYSOP' ? 403 : 200),
    ADMIN: () => 403,
    SYSOP: () => 200,
  },
};

describe(`access matrix generated from the route table (${testDbKind})`, () => {
  let t: TestApp;
  let routes: RecordedRoute[];
  const tokens: Record<string, string> = {};
  /** Sessions made while their staff member was ADMIN, one per call, before the role was lowered. */
  const loweredPool = {} as Record<(typeof LOWERED)[number], string[]>;
  const userIds = {} as Record<string, string>;
  let mint: (userId: string) => Promise<string>;

  beforeAll(async () => {
    t = await startTestApp();
    routes = routesOf(recorded, t.app);
    const sessions = new SessionService(t.db, SECRET, t.clock, 15 * 60, 12 * 3600);
    mint = async (userId) => {
      const [u] = await t.db.select().from(users).where(eq(users.id, userId));
      return sessions.create(t.db, u!, { deviceType: 'test', browserName: 'matrix', ip: '127.0.0.1' });
    };
    for (const name of [
      'admin',
      'sysop',
      'expired',
      'idle',
      'revoked',
      ...LOWERED.map((r) => r.toLowerCase()),
    ]) {
      userIds[name] = await t.createUser({
        email: `${name}@matrix.test`,
        password: PASSWORD,
        role: name === 'sysop' ? 'SYSOP' : 'ADMIN',
      });
    }
    const me = (token: string) => t.call('GET', '/api/users/me', undefined, t.auth(token));

    // Absolute lifetime: a session kept busy every 10 minutes still ends 12 hours after sign-in.
    tokens.expired = await t.signIn('expired@matrix.test', PASSWORD);
    for (let minutes = 10; minutes < 12 * 60; minutes += 10) {
      t.clock.advance(10 * 60);
      expect((await me(tokens.expired)).status).toBe(200);
      // Idle limit: a session signed in 20 minutes before the end and never used since.
      if (minutes === 12 * 60 - 20) tokens.idle = await t.signIn('idle@matrix.test', PASSWORD);
    }
    t.clock.advance(10 * 60 + 1);
    // From here on the clock stands still.
    tokens.admin = await t.signIn('admin@matrix.test', PASSWORD);
    tokens.sysop = await t.signIn('sysop@matrix.test', PASSWORD);
    tokens.revoked = await t.signIn('revoked@matrix.test', PASSWORD);
    expect((await t.call('POST', '/api/users/logout', undefined, t.auth(tokens.revoked))).status).toBe(200);
    tokens.malformed = 'not-a-token';
    // Well formed and naming a real staff member, but signed with another key.
    tokens.forged = await new SignJWT({ sid: 'x'.repeat(43), role: 'SYSOP', name: 'Eve' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userIds.sysop!)
      .setIssuedAt(t.clock.now())
      .setExpirationTime(t.clock.now() + 3600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another!'));

    // One per route for each lowered actor, and one to show the session worked before the change.
    const calls = routes.filter((r) => keyOf(r) in MATRIX).length + 1;
    for (const role of LOWERED) {
      const id = userIds[role.toLowerCase()]!;
      loweredPool[role] = [];
      for (let i = 0; i < calls; i++) loweredPool[role].push(await mint(id));
      expect((await me(loweredPool[role][0]!)).status).toBe(200);
      loweredPool[role].shift();
      await t.setRole(id, role);
    }
  });
  afterAll(() => t.stop());

  /** A bearer header for one call; the session-ending logout gets a fresh session of its own. */
  async function headersFor(actor: Actor, route: RecordedRoute): Promise<Record<string, string>> {
    if (actor === 'none') return {};
    let token: string;
    if (actor === 'USER' || actor === 'PARTNER' || actor === 'MODERATOR') token = loweredPool[actor].pop()!;
    else if ((actor === 'ADMIN' || actor === 'SYSOP') && route.url === '/api/users/logout')
      token = await mint(userIds[actor.toLowerCase()]!);
    else token = tokens[actor.toLowerCase()]!;
    return { authorization: `Bearer ${token}` };
  }

  /**
   * A well-formed URL for the route: params its schema accepts, and query fields likewise (for a signed
   * link: an unexpired time and a forged signature).
   */
  function urlFor(route: RecordedRoute): string {
    const pick = (schema: unknown, candidates: string[]) =>
      candidates.find((v) => (schema as ZodType).safeParse(v).success);
    const values: Record<string, string> = {};
    const params = (route.schema.params as ZodObject | undefined)?.shape ?? {};
    for (const [name, schema] of Object.entries(params)) values[name] = pick(schema, PARAM_CANDIDATES) ?? 'x';
    let url = fillPath(route.url, values);
    const query = (route.schema.querystring as ZodObject | undefined)?.shape;
    if (query) {
      const q = new URLSearchParams();
      for (const [name, schema] of Object.entries(query)) {
        const value = pick(schema, [String(t.clock.now() + 300), 'forged', ...PARAM_CANDIDATES]);
        if (value !== undefined) q.set(name, value);
      }
      if (q.size > 0) url += `?${q}`;
    }
    return url;
  }

  async function send(method: string, url: string, headers: Record<string, string>) {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
    if (method === 'POST') {
      init.body = '{}';
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await fetch(t.base + url, { ...init, signal: AbortSignal.timeout(10_000) });
    // A live-updates stream does not end by itself: its status is the answer.
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
    else await res.arrayBuffer();
    return res.status;
  }

  function verdict(outcome: Outcome, status: number): boolean {
    if (status >= 500) return false;
    if (outcome === 401 || outcome === 403) return status === outcome;
    if (outcome === 'signed') return status === 403 || status === 404;
    return status !== 401 && status !== 403;
  }

  /**
   * The routes the matrix must name: every GET, POST... and any HEAD without a GET of the same path
   * (Fastify's automatic HEAD routes are checked with their GET's row).
   */
  const matrixKeys = () => {
    const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    return new Set(routes.filter((r) => r.method !== 'HEAD' || !gets.has(r.url)).map(keyOf));
  };
  const rowOf = (r: RecordedRoute) => MATRIX[keyOf(r)] ?? MATRIX[keyOf({ method: 'GET', url: r.url })];

  it('has a row for every route the server registers, and no row for a route that is gone', () => {
    const served = matrixKeys();
    expect(
      [...served].filter((k) => !(k in MATRIX)),
      'routes missing from MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !served.has(k)),
      'MATRIX rows for routes that no longer exist',
    ).toEqual([]);
  });

  it('agrees with the public flags the routes carry and with the OpenAPI document', async () => {
    for (const r of routes) {
      const row = rowOf(r);
      const guarded = r.url.startsWith('/api/') || r.url === '/upload';
      // A route the guard covers is either marked public, or a staff row matching its minRole.
      if (guarded && !r.config.public)
        expect(row, keyOf(r)).toBe(r.config.minRole === 'SYSOP' ? SYSOP_ONLY : STAFF);
      if (row === STAFF || row === SYSOP_ONLY) expect(r.config.public, keyOf(r)).toBeFalsy();
    }
    await t.app.ready();
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${fromOpenApiPath(p)}`),
    );
    expect(documented.filter((k) => !(k in MATRIX))).toEqual([]);
  });

  it('answers every route for every actor as SPEC 6 and DESIGN "Security" say', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const row = rowOf(route);
      if (!row) continue; // reported by the first test
      const url = urlFor(route);
      // An automatic HEAD is its GET route again: checked with no token and with a live session.
      const actors: readonly Actor[] = keyOf(route) in MATRIX ? ACTORS : ['none', 'ADMIN'];
      for (const actor of actors) {
        const status = await send(route.method, url, await headersFor(actor, route));
        checked++;
        if (!verdict(row[actor], status))
          failures.push(`${route.method} ${url} as ${actor}: ${status}, expected ${row[actor]}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(Object.keys(MATRIX).length * ACTORS.length);
    // About 1,500 calls, one after another: minutes on a loaded 2-core CI machine.
  }, 240_000);

  it('decides by the route matched, not by how the URL is spelled', async () => {
    // '/%61pi/...' reaches the same route as '/api/...'; the guard must not be fooled by the raw URL.
    const failures: string[] = [];
    const guarded = (r: RecordedRoute) => rowOf(r) === STAFF || rowOf(r) === SYSOP_ONLY;
    for (const route of routes.filter((r) => r.method !== 'HEAD' && guarded(r))) {
      const url = urlFor(route);
      const segments = url.split('/');
      const lastStatic = segments.findLastIndex((s) => /^[a-z]/i.test(s));
      const variants = [
        url.replace(/^\/([a-z])/i, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
        segments
          .map((s, i) => (i === lastStatic ? `%${s.charCodeAt(0).toString(16)}${s.slice(1)}` : s))
          .join('/'),
      ];
      for (const variant of variants) {
        const status = await send(route.method, variant, {});
        if (status !== 401) failures.push(`${route.method} ${variant}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses to sign in a USER, PARTNER or MODERATOR at all', async () => {
    for (const role of LOWERED) {
      const email = `signin-${role.toLowerCase()}@matrix.test`;
      await t.createUser({ email, password: PASSWORD, role });
      const before = t.smtp.count();
      const r = await t.call('POST', '/api/users/loginAdmin', { email, password: PASSWORD });
      expect(r.status, role).toBe(400);
      expect(r.body).toMatchObject({ errors: { emailorpassword: MESSAGES.emailOrPasswordIncorrect } });
      expect(t.smtp.count(), 'no code is mailed').toBe(before);
    }
  });

  describe('Edit User (POST /api/admin/users/editUser)', () => {
    it('lets each editor change exactly what SPEC 6 allows, and changes nothing when it refuses', async () => {
      const failures: string[] = [];
      let n = 0;
      for (const editor of ['ADMIN', 'SYSOP'] as const) {
        for (const target of ROLES) {
          const changes: Change[] = [
            'details',
            'status',
            ...ROLES.filter((r) => r !== target).map((r) => `role:${r}` as Change),
          ];
          for (const change of changes) {
            const staffTarget = target === 'ADMIN' || target === 'SYSOP';
            const startStatus = staffTarget ? 'approved' : 'pending';
            const id = await t.createUser({
              email: `target${n++}@edit.test`,
              role: target,
              status: startStatus,
            });
            const role = change.startsWith('role:') ? (change.slice(5) as Role) : target;
            const status = change === 'status' ? 'rejected' : startStatus;
            const r = await t.call(
              'POST',
              '/api/admin/users/editUser',
              { _id: id, role, status, name: 'Edited' },
              t.auth(tokens[editor.toLowerCase()]!),
            );
            const expected = EDIT_RULES[editor][target](change);
            const [after] = await t.db.select().from(users).where(eq(users.id, id));
            const label = `${editor} edits ${target}, ${change}`;
            if (r.status !== expected) failures.push(`${label}: ${r.status}, expected ${expected}`);
            if (expected === 403) {
              if (after!.role !== target || after!.status !== startStatus || after!.name !== 'Test')
                failures.push(`${label}: refused but the user changed`);
              continue;
            }
            // SPEC 4: saving a user whose role is ADMIN or higher forces the status to approved.
            const staffAfter = role === 'ADMIN' || role === 'SYSOP';
            const want = { role, status: staffAfter ? 'approved' : status, name: 'Edited' };
            const got = { role: after!.role, status: after!.status, name: after!.name };
            if (JSON.stringify(got) !== JSON.stringify(want))
              failures.push(`${label}: saved ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('answers a refused edit with 403 and an errors body', async () => {
      const sysop = await t.createUser({ email: 'other-sysop@edit.test', role: 'SYSOP' });
      const r = await t.call(
        'POST',
        '/api/admin/users/editUser',
        { _id: sysop, role: 'SYSOP', status: 'approved' },
        t.auth(tokens.admin!),
      );
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ errors: { auth: expect.any(String) } });
    });
  });
});
