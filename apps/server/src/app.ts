import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { API_DOCS_PATH, API_PREFIX, MESSAGES } from '@brokerdesk/contract';
import { TRUST_PROXY_TRUE_WARNING, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { TradingPlatform } from './integrations/platform/types.ts';
import type { Clock } from './lib/clock.ts';
import type { App } from './http/types.ts';
import { clientError, frameworkError, registerErrorHandler } from './http/error-handler.ts';
import { readJsonBodies } from './http/body-parsers.ts';
import { openApiOptions } from './http/openapi.ts';
import { refuseBadText } from './http/refuse-bad-text.ts';
import { noStoreForStaff } from './http/no-store.ts';
import { drainConnectionsOnClose } from './http/drain-connections.ts';
import type { ServerMetrics } from './metrics/server-metrics.ts';
import { secretFreeSerializers } from './lib/logger.ts';
import { registerGuard } from './auth/guard.ts';
import { registerActingOnRule } from './auth/acting-on.ts';
import { authRoutes } from './auth/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
import { probeRoutes } from './features/system/probe-routes.ts';
import type { Readiness } from './features/system/readiness.ts';
import { clientsRoutes } from './features/clients/routes.ts';
import { kycRoutes } from './features/clients/kyc-routes.ts';
import { groupsRoutes } from './features/groups/routes.ts';
import { fundingListRoutes } from './features/funding/routes.ts';
import { fundingActionRoutes } from './features/funding/action-routes.ts';
import { requestKindRoutes } from './features/requests/routes.ts';
import type { AnyRequestKind } from './features/requests/kind.ts';
import { buildServices } from './composition.ts';
import { installRequestKinds } from './features/requests/install.ts';
import { type ClientMailer } from './features/funding/client-mail.ts';
import { approvalsRoutes } from './features/approvals/routes.ts';
import { partnersRoutes } from './features/partners/routes.ts';
import { banksRoutes } from './features/banks/routes.ts';
import { accountsRoutes } from './features/accounts/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { reconciliationRoutes } from './features/reconciliation/routes.ts';
import { EventHub } from './features/events/hub.ts';
import { eventsRoutes } from './features/events/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { exportRoutes } from './features/exports/routes.ts';
import { staffRoutes } from './features/staff/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { evidenceRoutes } from './features/evidence/routes.ts';
import { alertsRoutes } from './features/alerts/routes.ts';
import { evidencePackRoutes } from './features/evidence-pack/routes.ts';
import { EvidencePackService } from './features/evidence-pack/service.ts';
import { anchorRoutes } from './audit/seals/routes.ts';
import { AnchorReports } from './audit/seals/anchor-reports.ts';
import { reportsRoutes } from './features/reports/routes.ts';
import { viewsRoutes } from './features/views/routes.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  platforms: TradingPlatform[];
  clock: Clock;
  /** Token-signing secret (auth/secret.ts). */
  secret: Uint8Array;
  /** Asks the platform-operations worker for a round now (after a request enqueued work). */
  wakeWorker?: () => void;
  /** A pino logger; without it the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** Replaces the client notices of deposits and withdrawals (tests make them fail). */
  mailClient?: ClientMailer;
  /** Live-updates stream settings (tests shorten the heartbeat, which also re-checks sessions). */
  events?: { heartbeatMs?: number };
  /** What GET /readyz answers; main.ts marks it stopping on SIGTERM, before anything else stops. */
  readiness?: Readiness;
  /** Prometheus metrics this app feeds (request durations, live streams); main.ts serves them. */
  metrics?: ServerMetrics;
  /** Request kinds beyond the product's own (a test's kind, docs/architecture.md "Add a request kind"). */
  requestKinds?: readonly AnyRequestKind[];
  /**
   * false: the alert rules do not run after decisions and provider changes (a test of the platform's
   * mechanics, whose approvals an alert would hold). Always on in a server (main.ts).
   */
  alertRules?: boolean;
};

export const VERSION = '0.1.0';
/** How often a server drains the alert queue of the client portal's writes (its own are drained at once). */
const ALERT_QUEUE_SECONDS = 5;

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function: Fastify 5.12 ignores a number (it trusts no
 * hop at all), while TRUST_PROXY=N means "N proxies stand in front of the server, trust them"
 * (docs/operations.md: only when nothing reaches the server except through them; prefer addresses).
 */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Builds the HTTP app from its parts; main.ts listens, tests call it with inject() or over HTTP. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, mailer, clock } = deps;
  const db = database.db;
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger.child({}, { serializers: secretFreeSerializers }) }
      : { logger: false }),
    bodyLimit: 256 * 1024,
    // TRUST_PROXY: behind a proxy, request.ip is the client's address (per-address limits, audit).
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  }).withTypeProvider<ZodTypeProvider>();
  if (config.trustProxy === true) app.log.warn({}, TRUST_PROXY_TRUE_WARNING);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Staff may reach the console over plain HTTP inside a private network; TLS is the proxy's job.
        upgradeInsecureRequests: null,
      },
    },
    // The console runs on plain HTTP on loopback in development; HSTS belongs to the TLS proxy.
    hsts: false,
  });
  // preValidation: the body is parsed (limits are per email) but not yet validated (bad bodies count too).
  await app.register(rateLimit, { global: false, hook: 'preValidation' });
  await app.register(swagger, openApiOptions(VERSION));
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
  registerErrorHandler(app);
  readJsonBodies(app);
  drainConnectionsOnClose(app);
  const metrics = deps.metrics;
  if (metrics) {
    // By the route's pattern: raw URLs (ids, query strings, scanners' guesses) would make endless series.
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  const services = buildServices(deps, app.log);
  // What runs after a reply (after-decision hooks, the alert rules on what was queued) has finished.
  app.decorate('settled', async () => {
    await services.engine.settled();
    await services.alerts.settled();
  });
  // Each kind's counter and live topic, made from its definition before anything is served.
  await installRequestKinds(db, services.requestKinds);
  const { sessions } = services;
  registerGuard(app, sessions);
  refuseBadText(app);
  registerActingOnRule(app, db);
  noStoreForStaff(app);

  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz beside each file (apps/web/precompress.ts): sent as they are, by
      // Accept-Encoding (br, then gzip), with the original file's type; without them, the file itself.
      preCompressed: true,
      // Off: send's own `public, max-age=0` would overwrite the cache-control set below.
      cacheControl: false,
      setHeaders: (res, file) => {
        // Hashed names change with their content: cached for a year. Anything else is revalidated.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => {
    if (!hasWeb)
      return reply.code(404).send({ errors: { server: 'The web app is not built (npm run build:web).' } });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };

  const { readiness } = services;
  probeRoutes(app, { readiness });
  app.addHook('preClose', async () => readiness.markStopping());
  authRoutes(app, { signIn: services.signIn, passwords: services.passwords, sessions });
  // The development outbox (sign-in codes, reset links) is never served in production, whatever mailer.
  const devOutbox = mailer.devOutbox && !config.production;
  systemRoutes(app, { system: services.system, devOutbox, version: VERSION });
  clientsRoutes(app, { db, clients: services.clients });
  groupsRoutes(app, { groups: services.groups });
  fundingListRoutes(app, { db });
  fundingActionRoutes(app, { engine: services.engine });
  requestKindRoutes(app, { engine: services.engine, kinds: services.requestKinds });
  approvalsRoutes(app, { thresholds: services.thresholds });
  // A server that runs the operations worker (main.ts) also follows the payment provider's orders.
  const { paymentSync } = services;
  if (deps.wakeWorker) app.addHook('onReady', async () => paymentSync.start(config.payments.syncSeconds));
  // It also drains what the client portal's writes queued for the alert rules (docs/product.md [alerts.when]).
  if (deps.wakeWorker) app.addHook('onReady', async () => services.alerts.queue.start(ALERT_QUEUE_SECONDS));
  app.addHook('onClose', async () => {
    await services.alerts.queue.stop();
    await paymentSync.stop();
    await services.paymentProvider.close();
  });
  const { links } = services;
  partnersRoutes(app, { requests: services.ibRequests, codes: services.ibCodes, engine: services.engine });
  await banksRoutes(app, {
    db,
    clock,
    links,
    files: services.files,
    banks: services.banks,
    views: services.documentViews,
    engine: services.engine,
    bankKind: services.bankKind,
  });
  accountsRoutes(app, {
    db,
    accounts: services.accounts,
    leverage: services.leverage,
    engine: services.engine,
  });
  kycRoutes(app, { db, kyc: services.kyc, links, clock });
  exportRoutes(app, {
    db,
    clock,
    links,
    lists: services.exportLists,
  });
  auditRoutes(app, { trail: services.auditTrail, live: services.staffSessions, seals: services.auditSeals });
  reconciliationRoutes(app, {
    reconciliation: services.reconciliation,
    alerts: services.reconciliationAlerts,
  });
  const hub = new EventHub({
    database,
    authenticate: (token) => sessions.authenticate(token, { background: true }),
    log: app.log,
    heartbeatMs: deps.events?.heartbeatMs,
    topics: services.requestKinds.map((k) => k.wire.topic),
  });
  eventsRoutes(app, { hub });
  metrics?.countLiveStreams(() => hub.size);
  // Open streams would keep app.close() waiting: end them first.
  app.addHook('preClose', () => hub.close());
  searchRoutes(app, { db });
  staffRoutes(app, { staff: services.staff });
  viewsRoutes(app, { views: services.views });
  dashboardRoutes(app, { dashboard: services.dashboard });
  evidenceRoutes(app, { evidence: services.evidence });
  alertsRoutes(app, { alerts: services.alerts });
  evidencePackRoutes(app, {
    packs: new EvidencePackService(db, clock, links, services.files, services.auditSeals),
  });
  anchorRoutes(app, { anchors: new AnchorReports(db, clock) });
  reportsRoutes(app, { reports: services.reports });
  // A server that runs the operations worker (main.ts) also sends the scheduled reports.
  if (deps.wakeWorker) app.addHook('onReady', async () => services.reportJob.start());
  app.addHook('onClose', () => services.reportJob.stop());

  // Unknown /api paths are JSON 404s; any other GET is a page of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith(API_PREFIX)) return sendIndex(reply);
    return reply.code(404).send({ errors: { server: MESSAGES.notFound }, requestId: request.id });
  });

  return app;
}
