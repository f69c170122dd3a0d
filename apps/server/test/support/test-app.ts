import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import {
  calls,
  urlOf,
  type CallDef,
  type CallBody,
  type CallInput,
  type CallReply,
  type ErrorBody,
  type NeedsNoInput,
  type Role,
} from '@brokerdesk/contract';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { manualClock, type ManualClock } from '../../src/lib/clock.ts';
import { newId, sha256 } from '../../src/lib/ids.ts';
import { LinkSigner } from '../../src/lib/signed-links.ts';
import { smtpMailer } from '../../src/mail/mailer.ts';
import type { App } from '../../src/http/types.ts';
import { openTestDatabase } from './db.ts';
import { startTestPlatform } from './test-platform.ts';
import { createOperationWorker } from '../../src/features/settled-handlers.ts';
import { SmtpReceiver, codeFrom } from './smtp-receiver.ts';
import type { ClientMailer } from '../../src/features/funding/client-mail.ts';
import { Readiness } from '../../src/features/system/readiness.ts';
import { ServerMetrics } from '../../src/metrics/server-metrics.ts';
import { startMetricsServer } from '../../src/metrics/metrics-server.ts';

const TEST_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');
/** The password of the staff members signInStaff creates: one that meets the staff policy. */
export const STAFF_PASSWORD = 'Correct-Horse-1';

export type ApiReply<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

/** A call's input and the headers to add; the input may be left out when the call takes none. */
export type CallArgs<D extends CallDef> =
  NeedsNoInput<D> extends true
    ? [input?: CallInput<D>, headers?: Record<string, string>]
    : [input: CallInput<D>, headers?: Record<string, string>];

/** A POST call with no path parameters or query: its body is all it takes. */
export type BodyOnlyCall = CallDef & { method: 'POST'; params?: undefined; query?: undefined };
/** A call with no input at all. */
export type NoInputCall = CallDef & { params?: undefined; query?: undefined; body?: undefined };

/** What a raw call sends: any parameters, query and body, unchecked. */
export type RawInput = {
  params?: Record<string, string | number | boolean>;
  query?: Record<
    string,
    string | number | boolean | readonly (string | number | boolean)[] | null | undefined
  >;
  body?: unknown;
};

/**
 * The whole server for API tests: a fresh database, real SMTP to a receiver, the simulator platform, a
 * clock the test can move, listening on a loopback port and called over real HTTP.
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    platform?: 'simulator' | 'mt5';
    platformTimeoutMs?: number;
    /** Replaces the client notices of approvals (a test makes them fail). */
    mailClient?: ClientMailer;
    /** Serves Prometheus metrics on a loopback port of their own (`metricsUrl`), as main.ts does. */
    metrics?: boolean;
    /** Serves the development outbox as a server without SMTP_URL does (mail still reaches `smtp`). */
    devOutbox?: boolean;
    /** Request kinds beyond the product's own (a kind defined by a test). */
    requestKinds?: AppDeps['requestKinds'];
    /**
     * false: the alert rules stay quiet (docs/product.md [alerts.on-approval]). For suites about the
     * platform's mechanics, whose deposits and withdrawals would otherwise raise alerts that hold their
     * approvals, at a moment that depends on when the rules ran.
     */
    alertRules?: boolean;
    /** Runs on the migrated database before the server starts (a test kind's table). */
    beforeStart?: (db: Database['db']) => Promise<unknown>;
    /**
     * A server started again on another database (one restored from a backup, say) next to the same
     * trading platform and clock as `after`'s: the platform lives outside the database, as MT5 does.
     */
    restart?: {
      database: Database;
      after: { clock: ManualClock; testPlatform: Awaited<ReturnType<typeof startTestPlatform>> };
    };
  } = {},
) {
  const database: Database = opts.restart?.database ?? (await openTestDatabase());
  await opts.beforeStart?.(database.db);
  const smtp = new SmtpReceiver();
  const smtpUrl = await smtp.start();
  const clock = opts.restart?.after.clock ?? manualClock(Math.floor(Date.now() / 1000));
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Brokerdesk</title><div id="root"></div>',
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-data-'));
  const config = loadConfig({
    SMTP_URL: smtpUrl,
    WEB_DIST: webDist,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://console.test',
    ...opts.env,
  });
  const testPlatform =
    opts.restart?.after.testPlatform ??
    (await startTestPlatform(database.db, clock, {
      kind: opts.platform,
      timeoutMs: opts.platformTimeoutMs,
    }));
  const platform = testPlatform.platform;
  // Not started: tests run rounds with worker.runOnce() when they want the platform to act.
  const worker = createOperationWorker({
    db: database.db,
    platform,
    clock,
    operations: config.operations,
  });
  const readiness = new Readiness(database.db);
  const metrics = opts.metrics ? new ServerMetrics(database, clock) : undefined;
  const app: App = await buildApp({
    config,
    database,
    readiness,
    metrics,
    mailer: { ...smtpMailer(smtpUrl, config.mailFrom), devOutbox: opts.devOutbox ?? false },
    platforms: [platform],
    clock,
    secret: TEST_SECRET,
    mailClient: opts.mailClient,
    requestKinds: opts.requestKinds,
    alertRules: opts.alertRules,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const metricsServer = metrics
    ? await startMetricsServer(metrics.registry, { host: '127.0.0.1', port: 0 }, { warn: () => undefined })
    : undefined;

  /** One HTTP exchange with the server: the reply's status, headers and body (parsed when it is JSON). */
  async function send<T>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiReply<T>> {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await fetch(base + url, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /**
   * Makes a call of the contract as the web does: method and address from its definition, the input
   * typed by its schemas, the reply typed as it answers. `headers` adds to the request (t.auth(token)).
   */
  function call<D extends CallDef>(
    def: D,
    ...[input, headers]: CallArgs<D>
  ): Promise<ApiReply<CallReply<D>>> {
    return raw<CallReply<D>>(def, input as RawInput, headers);
  }

  /**
   * The same call with input the contract would refuse (a bad body, a string sent as it is, a body
   * where the call takes none): what a bad-input test sends. The body is sent only when given.
   */
  function raw<T = Record<string, unknown>>(
    def: CallDef,
    input: RawInput = {},
    headers: Record<string, string> = {},
  ): Promise<ApiReply<T>> {
    return send<T>(def.method, urlOf(def, input), input.body, headers);
  }

  /**
   * A call the server is expected to refuse: the input typed as for call(), the reply read as the
   * error shape ({ errors }) instead of the success reply.
   */
  function refused<D extends CallDef>(
    def: D,
    ...[input, headers]: CallArgs<D>
  ): Promise<ApiReply<ErrorBody>> {
    return raw<ErrorBody>(def, input as RawInput, headers);
  }

  /**
   * A call with its input unchecked, for a helper that sends good and bad input alike (a list read with
   * a sort field the server must refuse, say): the reply is the call's, or the error shape.
   */
  function unchecked<D extends CallDef>(
    def: D,
    input: RawInput = {},
    headers: Record<string, string> = {},
  ): Promise<ApiReply<CallReply<D> & Partial<ErrorBody>>> {
    return raw<CallReply<D> & Partial<ErrorBody>>(def, input, headers);
  }

  /** A call whose only input is its body (most actions): t.post(calls.groups.addGroup, body, t.auth(token)). */
  function post<D extends BodyOnlyCall>(def: D, body: CallBody<D>, headers?: Record<string, string>) {
    return raw<CallReply<D>>(def, { body }, headers);
  }

  /** A call that takes no input (most reads): t.get(calls.auth.getMe, t.auth(token)). */
  function get<D extends NoInputCall>(def: D, headers?: Record<string, string>) {
    return raw<CallReply<D>>(def, {}, headers);
  }

  async function createUser(u: {
    email: string;
    password?: string;
    role?: Role;
    status?: string;
    name?: string;
  }) {
    const id = newId();
    await database.db.insert(users).values({
      id,
      email: u.email,
      name: u.name ?? 'Test',
      surname: 'Staff',
      role: u.role ?? 'ADMIN',
      status: u.status ?? 'approved',
      passwordHash: u.password ? await hashPassword(u.password) : null,
      emailVerified: true,
      timestamp: clock.now(),
    });
    return id;
  }

  /** Signs in through both steps, reading the code from the mail as a person would. */
  async function signIn(email: string, password: string): Promise<string> {
    const before = smtp.count();
    const first = await call(calls.auth.loginAdmin, { body: { email, password } });
    if (first.status !== 200) throw new Error(`loginAdmin ${first.status}: ${JSON.stringify(first.body)}`);
    const code = codeFrom(await smtp.next(email, before));
    const second = await call(calls.auth.confirmLogin, {
      body: { email, password: first.body.password, code },
    });
    if (second.status !== 200)
      throw new Error(`loginConfirm ${second.status}: ${JSON.stringify(second.body)}`);
    return second.body.token;
  }

  /** A new staff member (with STAFF_PASSWORD) signed in through both steps: the session token. */
  async function signInStaff(email: string, role: Role = 'ADMIN'): Promise<string> {
    await createUser({ email, password: STAFF_PASSWORD, role });
    return signIn(email, STAFF_PASSWORD);
  }

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** The stored id of a token's session: what signed links are bound to. */
  const sessionOf = (token: string): string => {
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    return sha256(payload.sid);
  };

  return {
    app,
    base,
    db: database.db,
    database,
    clock,
    smtp,
    platform,
    platformKind: testPlatform.kind,
    testPlatform,
    fake: testPlatform.fake,
    deals: testPlatform.deals,
    dealReads: testPlatform.dealReads,
    faults: testPlatform.faults,
    worker,
    /** What GET /readyz answers (a test marks it stopping as SIGTERM would). */
    readiness,
    /**
     * Waits for what runs after replies: the after-decision hooks and the alert rules on every change
     * committed so far (the client portal's writes included), instead of sleeping.
     */
    settled: () => app.settled(),
    /** GET /metrics (with the `metrics` option). */
    metricsUrl: metricsServer?.url,
    call,
    refused,
    unchecked,
    raw,
    post,
    get,
    /** A request to an address no call names (a web page, a path the API does not have). */
    send,
    auth,
    sessionOf,
    createUser,
    signIn,
    signInStaff,
    /** Signs links as the app does (to build a validly signed link the app never handed out). */
    links: new LinkSigner(TEST_SECRET, clock.now),
    setRole: (id: string, role: Role) => database.db.update(users).set({ role }).where(eq(users.id, id)),
    async stop() {
      await metricsServer?.close();
      // A keep-alive connection whose last response was a streamed file is not always seen as idle in
      // time, and close() would then wait out the 72 s keep-alive timeout: the tests are over, end them.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      // A platform shared with the server this one restarted after is that server's to stop.
      if (!opts.restart) await testPlatform.stop();
      await smtp.stop();
      await database.close();
      fs.rmSync(webDist, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
