import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { ZodObject, ZodType } from 'zod';
import {
  API_PREFIX,
  calls,
  MESSAGES,
  ROLES,
  allCalls,
  callKey,
  type CallAccess,
  type Role,
} from '@brokerdesk/contract';
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
 * Who calls. Session tokens that are dead for each reason docs/product.md [security] names, tokens whose
 * staff member has since been moved below ADMIN, and live ADMIN and SYSOP sessions.
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
/**
 * The public routes of docs/product.md [routes.public] and the calls they make (sign-in, email confirm),
 * server info, dev outbox.
 */
const PUBLIC = everyone('open');
const SIGNED_LINK = everyone('signed');
/**
 * docs/product.md [role.portal]; docs/product.md [security.sessions]: a token needs a live session, and
 * lowering a staff member's role ends their sessions, so a USER, PARTNER or MODERATOR token is a dead session
 * (401).
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

/**
 * What the spec says about access, written out so that the call definitions are checked against it:
 * the public routes of docs/product.md [routes] and what a login page needs, the document links that only
 * their signature opens, and the calls only a SYSOP makes (docs/product.md [roles], [role.sysop-only],
 * docs/decisions.md).
 * Every other call is for staff (docs/product.md [role.portal]).
 */
const SPEC_PUBLIC = [
  // Sign-in and password calls (docs/product.md [calls.sign-in]), email confirmation
  // (docs/product.md [routes]: the link's GET is a page, its button POSTs), and what a login page needs.
  'POST /api/users/loginAdmin',
  'POST /api/users/loginConfirm',
  'POST /api/users/resendLoginVerificationEmail',
  'POST /api/users/resetPassword',
  'POST /api/users/newPassword',
  'POST /email/confirm/:id',
  'POST /email/confirm/:setpassword/:id',
  'GET /api/other/serverInfo',
  'GET /api/dev/outbox',
  // Liveness and readiness probes (docs/product.md [prod.probes]): a load balancer calls them.
  'GET /healthz',
  'GET /readyz',
];
/** Documents opened in a new tab: the short-lived signature is the permission. */
const SPEC_SIGNED = [
  'GET /api/kyc/image/:userId/:imageId',
  'GET /api/kyc/report/:userId',
  'GET /public/files/:file',
  'GET /api/exports/download',
  'GET /api/evidence-packs/download',
];
const SPEC_SYSOP = [
  // Raising the IB quotas (docs/decisions.md), four-eyes thresholds, audit verification and
  // live sessions, staff management.
  'POST /api/admin/users/adminAddIbSlots',
  'POST /api/admin/approvals/setThreshold',
  // The alert rules' thresholds (docs/product.md [call.setAlertThreshold]).
  'POST /api/admin/alerts/thresholds',
  // Which deposit methods take refunds (docs/product.md [call.setRefundableMethod]).
  'POST /api/admin/evidence/refundable-methods',
  'POST /api/admin/audit/verify',
  'GET /api/admin/sessions',
  'POST /api/admin/sessions/end',
  'POST /api/admin/staff/invite',
  'POST /api/admin/staff/update',
  // Scheduled reports: subscriptions and Run now (docs/product.md [reports.access]).
  'GET /api/admin/reports/subscriptions',
  'POST /api/admin/reports/subscriptions',
  'POST /api/admin/reports/subscriptions/:id/cancel',
  'POST /api/admin/reports/run',
  // Acknowledging that the audit trail is behind a mailed anchor (docs/product.md [audit.anchor-behind]).
  'POST /api/admin/audit/anchor-reports/:id/acknowledge',
];
const specAccess = (key: string): CallAccess =>
  SPEC_PUBLIC.includes(key)
    ? 'public'
    : SPEC_SIGNED.includes(key)
      ? 'signed'
      : SPEC_SYSOP.includes(key)
        ? 'sysop'
        : 'staff';

const ROW_OF_ACCESS: Record<CallAccess, Row> = {
  public: PUBLIC,
  signed: SIGNED_LINK,
  staff: STAFF,
  sysop: SYSOP_ONLY,
};

/** Routes that are not calls of the API: the web app's pages, the OpenAPI document and its viewer. */
const NOT_CALLS: Record<string, Row> = {
  // Pages of the web app (fastify-static); other page paths are served by the not-found handler.
  'GET /': PUBLIC,
  'GET /index.html': PUBLIC,
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

/**
 * Every route of the server, by method and Fastify pattern: each call's row from its definition's
 * access (the same definition the route was registered from), and the rows above. HEAD routes follow
 * their GET's row.
 */
const MATRIX: Record<string, Row> = {
  ...NOT_CALLS,
  ...Object.fromEntries(allCalls().map((def) => [callKey(def), ROW_OF_ACCESS[def.access]])),
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
 * docs/product.md [roles] and docs/product.md [rule.edit-user], as a table: who edits whom, and what they try
 * to change. Written out rather than computed with editPermissions(), so that the server is checked against
 * the spec itself.
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
    // Staff are changed only on the Staff screen, a SYSOP's own kind included.
    ADMIN: () => 403,
    SYSOP: () => 403,
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
    const sessions = new SessionService({
      db: t.db,
      secret: SECRET,
      clock: t.clock,
      idleSeconds: 15 * 60,
      maxSeconds: 12 * 3600,
    });
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
    const me = (token: string) => t.call(calls.auth.getMe, {}, t.auth(token));

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
    expect((await t.call(calls.auth.logout, {}, t.auth(tokens.revoked))).status).toBe(200);
    tokens.malformed = 'not-a-token';
    // Well formed and naming a real staff member, but signed with another key.
    tokens.forged = await new SignJWT({ sid: 'x'.repeat(43), role: 'SYSOP', name: 'Eve' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userIds.sysop!)
      .setIssuedAt(t.clock.now())
      .setExpirationTime(t.clock.now() + 3600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another!'));

    // One per route for each lowered actor, and one to show the session worked before the change.
    const callCount = routes.filter((r) => keyOf(r) in MATRIX).length + 1;
    for (const role of LOWERED) {
      const id = userIds[role.toLowerCase()]!;
      loweredPool[role] = [];
      for (let i = 0; i < callCount; i++) loweredPool[role].push(await mint(id));
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
    else if ((actor === 'ADMIN' || actor === 'SYSOP') && route.url === calls.auth.logout.path)
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

  it('gives each call the access the spec names, and names no call that does not exist', () => {
    const defined = allCalls().map(callKey);
    expect(allCalls().map((def) => `${callKey(def)} ${def.access}`)).toEqual(
      defined.map((key) => `${key} ${specAccess(key)}`),
    );
    expect([...SPEC_PUBLIC, ...SPEC_SIGNED, ...SPEC_SYSOP].filter((k) => !defined.includes(k))).toEqual([]);
    expect(new Set(defined).size, 'two definitions of one method and path').toBe(defined.length);
  });

  it('agrees with the public flags the routes carry and with the OpenAPI document', async () => {
    for (const r of routes) {
      const row = rowOf(r);
      const guarded = r.url.startsWith(API_PREFIX) || r.url === calls.banks.uploadDocument.path;
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

  it('answers every route for every actor as the roles and the security rules say (docs/product.md [roles], docs/security.md)', async () => {
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
      const r = await t.call(calls.auth.loginAdmin, { body: { email, password: PASSWORD } });
      expect(r.status, role).toBe(400);
      expect(r.body).toMatchObject({ errors: { emailorpassword: MESSAGES.emailOrPasswordIncorrect } });
      expect(t.smtp.count(), 'no code is mailed').toBe(before);
    }
  });

  describe('Edit User (POST /api/admin/users/editUser)', () => {
    it('lets each editor change exactly what their role allows, and changes nothing when it refuses', async () => {
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
              calls.clients.editUser,
              { body: { _id: id, role, status, name: 'Edited' } },
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
            // docs/product.md [states]: saving a user whose role is ADMIN or higher forces the status to
            // approved.
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
        calls.clients.editUser,
        { body: { _id: sysop, role: 'SYSOP', status: 'approved' } },
        t.auth(tokens.admin!),
      );
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ errors: { auth: expect.any(String) } });
    });
  });
});
