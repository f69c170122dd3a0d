import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { systemClock } from './lib/clock.ts';
import { loadSigningSecret } from './auth/secret.ts';
import { createMailer } from './mail/create-mailer.ts';
import { createPlatform } from './integrations/platform/create-platform.ts';
import { PlatformChecker } from './integrations/platform/checker.ts';
import type { Db } from './db/client.ts';
import type { Config } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { OperationsArchiveJob } from './operations/index.ts';
import { createOperationWorker } from './features/settled-handlers.ts';
import { ReconciliationService } from './features/reconciliation/service.ts';
import { ReconciliationJob } from './features/reconciliation/job.ts';
import { Readiness } from './features/system/readiness.ts';
import { stopOnSignals } from './lib/shutdown.ts';
import { ServerMetrics } from './metrics/server-metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { AUDIT_KEY_REQUIRED, loadAuditSigningKey, type AuditSigningKey } from './audit/seals/key.ts';
import { AuditSeals } from './audit/seals/service.ts';
import { AuditSealJob } from './audit/seals/job.ts';

/**
 * Runs before the server listens, with the database open and migrated; answers lines for the welcome
 * text. `npm start` passes the demo preparation (tools/demo), which production never loads.
 */
export type BeforeStart = (
  db: Db,
  config: Config,
  log: { info: (o: object, m: string) => void },
) => Promise<string[]>;

/** config -> db -> app -> listen (nothing else). */
export async function startServer(opts: { beforeStart?: BeforeStart } = {}): Promise<void> {
  const config = configOrExit();
  const auditKey = auditKeyOrExit(config);
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const clock = systemClock;
  const mailer = createMailer(config, database.db, clock, log);
  const platform = createPlatform(config, database.db, clock, log);
  const checker = new PlatformChecker(database.db, [platform], clock, log);
  const reconciliation =
    config.reconciliationHourUtc === null
      ? null
      : new ReconciliationJob(
          new ReconciliationService({
            db: database.db,
            platform,
            clock,
            critical: { mailer, publicUrl: config.publicUrl, log },
          }),
          clock,
          log,
          { hourUtc: config.reconciliationHourUtc },
        );
  const auditSeals = new AuditSealJob(
    new AuditSeals(database.db, clock, auditKey, { mailer, anchorMail: config.audit.anchorMail, log }),
    log,
  );
  const metrics = new ServerMetrics(database, clock);
  // Taken before the demo step and before the API port listens, so that a second server on one host whose
  // METRICS_PORT is in use stops at once, never answering (docs/operations.md "Several servers on one host").
  const metricsAt = config.metrics;
  const metricsServer = metricsAt
    ? await listenOrExit(
        () => startMetricsServer(metrics.registry, metricsAt, log),
        {
          ...metricsAt,
          hostVar: 'METRICS_HOST',
          portVar: 'METRICS_PORT',
          orElse: ', or METRICS_PORT=off to run without metrics',
        },
        () => database.close(),
      )
    : null;
  const extraWelcome = (await opts.beforeStart?.(database.db, config, log)) ?? [];
  const worker = createOperationWorker({
    db: database.db,
    platform,
    clock,
    operations: config.operations,
    log,
  });
  const archive = new OperationsArchiveJob(database.db, clock, config.operations.retentionDays, log);
  const readiness = new Readiness(database.db);
  const app = await buildApp({
    config,
    database,
    mailer,
    platforms: [platform],
    clock,
    secret: loadSigningSecret(config.jwtSecret, config.dataDir),
    logger: log,
    wakeWorker: () => worker.wake(),
    readiness,
    metrics,
  });

  await listenOrExit(
    () => app.listen({ port: config.port, host: config.host }),
    { host: config.host, port: config.port, hostVar: 'HOST', portVar: 'PORT' },
    async () => {
      await metricsServer?.close();
      await database.close();
    },
  );
  checker.start();
  worker.start();
  archive.start();
  reconciliation?.start();
  auditSeals.start();
  printWelcome([
    `Brokerdesk is running at ${config.publicUrl}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  trading platform: ${config.platform}`,
    ...(metricsServer ? [`  Prometheus metrics: ${metricsServer.url}`] : []),
    ...extraWelcome,
    ...(mailer.devOutbox
      ? [
          '  SMTP_URL is unset: emails (sign-in codes) are not sent. They are printed in this log',
          `  and shown at ${config.publicUrl}/dev/outbox`,
        ]
      : []),
  ]);

  // SIGTERM: not ready at once; then stop accepting and end live streams (app.close), abort a long
  // reconciliation and let the platform operation in hand settle, all together; then close what they used.
  stopOnSignals({
    log,
    stages: [
      [{ name: 'readiness', stop: () => readiness.markStopping() }],
      [
        { name: 'http', stop: () => app.close() },
        { name: 'platform checker', stop: () => checker.stop() },
        { name: 'reconciliation', stop: () => reconciliation?.stop() },
        { name: 'audit seals', stop: () => auditSeals.stop() },
        { name: 'operations worker', stop: () => worker.stop() },
        { name: 'operations archive', stop: () => archive.stop() },
      ],
      [
        { name: 'platform', stop: () => platform.close() },
        { name: 'mailer', stop: () => mailer.close() },
        { name: 'metrics', stop: () => metricsServer?.close() },
      ],
      [{ name: 'database', stop: () => database.close() }],
    ],
  });
}

/** A configuration the server cannot run with: its lines (one per variable), no stack trace, exit 1. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
}

/**
 * The audit seals' signing key, read (or made in DATA_DIR) before anything opens; production without
 * AUDIT_SIGNING_KEY, or a key that is not Ed25519, stops the server with one line naming the variable.
 */
function auditKeyOrExit(config: Config): AuditSigningKey {
  try {
    if (config.production && !config.audit.signingKey) throw new Error(AUDIT_KEY_REQUIRED);
    return loadAuditSigningKey(config.audit.signingKey, config.dataDir);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
}

/** A listener's address and the variables that set it, for the message when it cannot be had. */
type ListenAt = { host: string; port: number; hostVar: string; portVar: string; orElse?: string };

/**
 * Runs `listen`; when its address cannot be had, prints one line naming the variable to change (not a
 * stack trace), closes what is already open and exits 1. Other errors go on as before.
 */
async function listenOrExit<T>(
  listen: () => Promise<T>,
  at: ListenAt,
  closeOpen: () => Promise<unknown>,
): Promise<T> {
  try {
    return await listen();
  } catch (err) {
    const problem = listenProblem((err as NodeJS.ErrnoException).code, at);
    if (problem === undefined) throw err;
    process.stderr.write(`Cannot start: ${problem}\n`);
    await closeOpen().catch(() => undefined);
    process.exit(1);
  }
}

function listenProblem(code: string | undefined, at: ListenAt): string | undefined {
  const where = `${at.host.includes(':') ? `[${at.host}]` : at.host}:${at.port} (${at.hostVar}:${at.portVar})`;
  switch (code) {
    case 'EADDRINUSE':
      return `${where} is already in use, perhaps by another server on this host. Set ${at.portVar} to a free port${at.orElse ?? ''} (docs/operations.md "Several servers on one host").`;
    case 'EACCES':
      return `${where} needs privileges this process lacks (a port below 1024). Set ${at.portVar} to a port above 1023.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `${where}: ${at.host} is not an address of this machine. Set ${at.hostVar} to one of its addresses.`;
    default:
      return undefined;
  }
}

function printWelcome(lines: string[]): void {
  process.stdout.write(['', ...lines, ''].join('\n') + '\n');
}
