import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';

/** Every environment variable the server reads (docs/product.md [config]), parsed once. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Brokerdesk <no-reply@brokerdesk.local>'),
  PLATFORM: z.enum(['simulator', 'mt5']).default('simulator'),
  MT5_URL: z.string().optional(),
  MT5_LOGIN: z.string().optional(),
  MT5_PASSWORD: z.string().optional(),
  MT5_CA: z.string().optional(),
  PLATFORM_FAULTS: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(15),
  WEB_DIST: z.string().optional(),
  KYC_PROVIDER: z.enum(['standin', 'sumsub']).default('standin'),
  KYC_URL: z.string().url().default('https://api.sumsub.com'),
  KYC_APP_TOKEN: z.string().optional(),
  KYC_SECRET_KEY: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['standin']).default('standin'),
  PAYMENT_STANDIN_PROCESS_SECONDS: z.coerce.number().int().min(0).default(60),
  PAYMENT_SYNC_SECONDS: z.coerce.number().int().min(0).default(10),
  RECONCILIATION_HOUR_UTC: z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(1),
  OPERATIONS_LEASE_SECONDS: z.coerce.number().int().min(2).default(120),
  OPERATIONS_SETTLE_SECONDS: z.coerce.number().int().min(1).default(300),
  OPERATIONS_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  MT5_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  TRUST_PROXY: z.string().optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(9464),
  NODE_ENV: z.string().optional(),
  AUDIT_SIGNING_KEY: z.string().optional(),
  AUDIT_ANCHOR_MAIL: z.string().email().optional().or(z.literal('')),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  platform: 'simulator' | 'mt5';
  mt5: { url?: string; login?: string; password?: string; ca?: string };
  platformFaults: string | undefined;
  jwtSecret: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  webDist: string | undefined;
  /** The identity-verification provider: the local stand-in, or a Sumsub-style API client. */
  kyc: { provider: 'standin' | 'sumsub'; url: string; appToken?: string; secretKey?: string };
  /**
   * The card-style payment provider: its adapter, how long the stand-in takes to process an order,
   * and how often the server asks the provider about open orders (0: never).
   */
  payments: { provider: 'standin'; standInProcessSeconds: number; syncSeconds: number };
  /** From this hour (UTC) the daily reconciliation checks the day before; null: no daily run. */
  reconciliationHourUtc: number | null;
  /**
   * The outbox (docs/product.md [money]): how long a claim is a worker's, how long an unknown outcome
   * is waited out before anything is sent again, and how long settled operations stay in the hot table.
   */
  operations: { leaseSeconds: number; settleSeconds: number; retentionDays: number };
  /** How long the MT5 client waits for one reply. */
  mt5TimeoutSeconds: number;
  /**
   * Fastify's trustProxy (TRUST_PROXY): false uses the socket's address; a number trusts that many
   * proxies in front; a list trusts those addresses and CIDR ranges; true (development only) believes
   * every X-Forwarded-For address. request.ip, per-address limits and the audit trail's addresses follow
   * it; the development outbox never does (docs/security.md).
   */
  trustProxy: boolean | number | string[];
  /** NODE_ENV=production: no development outbox, and SMTP_URL is required. */
  production: boolean;
  /** Where Prometheus scrapes GET /metrics (a listener of its own, apart from the console); null: off. */
  metrics: { host: string; port: number } | null;
  /**
   * The audit seals (docs/security.md "Seals and anchors"): the Ed25519 key that signs them (PKCS#8 PEM
   * or base64; unset: made once in DATA_DIR, refused in production by start-server.ts), and where each
   * day's seal is mailed as an anchor (unset: not mailed).
   */
  audit: { signingKey: string | undefined; anchorMail: string | undefined };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.SMTP_URL)
    throw new Error(
      'Invalid configuration:\n  SMTP_URL is required with NODE_ENV=production: without it sign-in codes and reset links would only reach the development outbox, which production never serves.',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    platform: e.PLATFORM,
    mt5: { url: e.MT5_URL, login: e.MT5_LOGIN, password: e.MT5_PASSWORD, ca: e.MT5_CA },
    platformFaults: e.PLATFORM_FAULTS || undefined,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    sessionIdleSeconds: Math.round(e.SESSION_IDLE_MINUTES * 60),
    sessionMaxSeconds: 12 * 60 * 60,
    webDist: e.WEB_DIST,
    kyc: kycConfig(e),
    payments: {
      provider: e.PAYMENT_PROVIDER,
      standInProcessSeconds: e.PAYMENT_STANDIN_PROCESS_SECONDS,
      syncSeconds: e.PAYMENT_SYNC_SECONDS,
    },
    reconciliationHourUtc: e.RECONCILIATION_HOUR_UTC === 'off' ? null : e.RECONCILIATION_HOUR_UTC,
    operations: operationsConfig(e),
    mt5TimeoutSeconds: e.MT5_TIMEOUT_SECONDS,
    trustProxy: trustProxyConfig(e.TRUST_PROXY, production),
    production,
    metrics: e.METRICS_PORT === 'off' ? null : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    audit: { signingKey: e.AUDIT_SIGNING_KEY || undefined, anchorMail: e.AUDIT_ANCHOR_MAIL || undefined },
  };
}

/**
 * A send must be able to start and finish well inside its lease, so the lease has to be longer than the
 * MT5 client's wait; the settle window has to outlast the platform's slowest processing, which is
 * longer than the client's wait.
 */
function operationsConfig(e: z.infer<typeof envSchema>): Config['operations'] {
  if (e.OPERATIONS_LEASE_SECONDS <= e.MT5_TIMEOUT_SECONDS * 2) {
    throw new Error(
      'Invalid configuration:\n  OPERATIONS_LEASE_SECONDS must be more than twice MT5_TIMEOUT_SECONDS',
    );
  }
  if (e.OPERATIONS_SETTLE_SECONDS <= e.MT5_TIMEOUT_SECONDS) {
    throw new Error(
      'Invalid configuration:\n  OPERATIONS_SETTLE_SECONDS must be more than MT5_TIMEOUT_SECONDS',
    );
  }
  return {
    leaseSeconds: e.OPERATIONS_LEASE_SECONDS,
    settleSeconds: e.OPERATIONS_SETTLE_SECONDS,
    retentionDays: e.OPERATIONS_RETENTION_DAYS,
  };
}

/** proxy-addr's names for ranges, which Fastify's trustProxy accepts besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_PROXY_FORMS =
  'the number of proxies in front of the server, e.g. 1, or their addresses/CIDRs, e.g. 127.0.0.1 or 10.0.0.0/8,10.1.2.3';

const TRUST_PROXY_TRUE_REFUSED = `TRUST_PROXY=true is refused with NODE_ENV=production: it believes whatever X-Forwarded-For a client sends; use ${TRUST_PROXY_FORMS} (docs/operations.md "Behind a proxy").`;

/** Logged at start when TRUST_PROXY=true outside production (app.ts). */
export const TRUST_PROXY_TRUE_WARNING = `TRUST_PROXY=true believes whatever X-Forwarded-For a client sends, so any client picks its own address for the per-address limits and the audit trail; NODE_ENV=production refuses it. Use ${TRUST_PROXY_FORMS} (docs/operations.md "Behind a proxy").`;

/**
 * TRUST_PROXY as Fastify's trustProxy takes it; anything else stops the server with a clear message.
 * `true` believes the left-most X-Forwarded-For address, which any client writes (an appending proxy
 * passes it on): refused in production, warned about otherwise (app.ts; docs/operations.md).
 */
export function trustProxyConfig(value: string | undefined, production = false): boolean | number | string[] {
  const text = value?.trim() ?? '';
  const lower = text.toLowerCase();
  if (lower === '' || lower === 'false' || /^0+$/.test(text)) return false;
  if (lower === 'true') {
    if (production) throw new Error(`Invalid configuration:\n  ${TRUST_PROXY_TRUE_REFUSED}`);
    return true;
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((s) => s.trim());
  const bad = entries.filter((entry) => !NAMED_RANGES.has(entry) && !isAddressOrCidr(entry));
  if (bad.length > 0)
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: "${bad.join('", "')}" is neither a number of proxies nor an address or CIDR range (use ${TRUST_PROXY_FORMS})`,
    );
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function kycConfig(e: z.infer<typeof envSchema>): Config['kyc'] {
  if (e.KYC_PROVIDER === 'sumsub' && (!e.KYC_APP_TOKEN || !e.KYC_SECRET_KEY))
    throw new Error('Invalid configuration:\n  KYC_PROVIDER=sumsub needs KYC_APP_TOKEN and KYC_SECRET_KEY');
  return {
    provider: e.KYC_PROVIDER,
    url: e.KYC_URL.replace(/\/$/, ''),
    appToken: e.KYC_APP_TOKEN,
    secretKey: e.KYC_SECRET_KEY,
  };
}
