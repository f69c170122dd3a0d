import { PlatformError, type PlatformErrorKind, type PlatformRefusal } from '../types.ts';

/** The `retcode` of every reply: "<int> <text>", for example "0 Done" or "13 Not found". */
export type Retcode = { code: number; text: string };

export function parseRetcode(value: unknown): Retcode | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(-?\d+)\s*(.*)$/s.exec(value);
  if (!m) return undefined;
  return { code: Number(m[1]), text: (m[2] ?? '').trim() };
}

/** 0 OK and 1 OK_NONE are the two successes. */
export function isSuccess(code: number): boolean {
  return code === 0 || code === 1;
}

export const RET = {
  NOT_FOUND: 13,
  FREQUENT: 12,
  INVALID_PASSWORD: 3006,
  LOGIN_EXIST: 3004,
} as const;

/**
 * What a failed retcode says, by MetaQuotes' return-code list (docs/operations.md "MT5 return codes"
 * keeps this table with its reasons):
 *   busy     the server could not take the request now (network, no connection, no service, too
 *            frequent, shutting down, out of memory or disk): a read is tried again; for a write it
 *            does not prove the request was not applied, so the outcome is unknown.
 *   refused  the request was examined and turned down: nothing was done, for reads and writes alike.
 *   session  the manager session is no longer valid (the auth codes): sign in again; a write's
 *            outcome is unknown.
 *   unknown  the request may have been carried out (a timeout, a partial or generic error, a duplicate
 *            of a request that may have been applied).
 * A code missing from the table is unknown for a write and a failure for a read.
 */
export type RetcodeClass = 'busy' | 'refused' | 'session' | 'unknown';

export const RETCODES: Readonly<Record<number, { name: string; class: RetcodeClass }>> = {
  2: { name: 'MT_RET_ERROR', class: 'unknown' },
  3: { name: 'MT_RET_ERR_PARAMS', class: 'refused' },
  4: { name: 'MT_RET_ERR_DATA', class: 'refused' },
  5: { name: 'MT_RET_ERR_DISK', class: 'busy' },
  6: { name: 'MT_RET_ERR_MEM', class: 'busy' },
  7: { name: 'MT_RET_ERR_NETWORK', class: 'busy' },
  8: { name: 'MT_RET_ERR_PERMISSIONS', class: 'refused' },
  9: { name: 'MT_RET_ERR_TIMEOUT', class: 'unknown' },
  10: { name: 'MT_RET_ERR_CONNECTION', class: 'busy' },
  11: { name: 'MT_RET_ERR_NOSERVICE', class: 'busy' },
  12: { name: 'MT_RET_ERR_FREQUENT', class: 'busy' },
  13: { name: 'MT_RET_ERR_NOTFOUND', class: 'refused' },
  14: { name: 'MT_RET_ERR_PARTIAL', class: 'unknown' },
  15: { name: 'MT_RET_ERR_SHUTDOWN', class: 'busy' },
  16: { name: 'MT_RET_ERR_CANCEL', class: 'unknown' },
  17: { name: 'MT_RET_ERR_DUPLICATE', class: 'unknown' },
  3001: { name: 'MT_RET_USR_LAST_ADMIN', class: 'refused' },
  3002: { name: 'MT_RET_USR_LOGIN_EXHAUSTED', class: 'refused' },
  3003: { name: 'MT_RET_USR_LOGIN_PROHIBITED', class: 'refused' },
  3004: { name: 'MT_RET_USR_LOGIN_EXIST', class: 'refused' },
  3005: { name: 'MT_RET_USR_SUICIDE', class: 'refused' },
  3006: { name: 'MT_RET_USR_INVALID_PASSWORD', class: 'refused' },
  3007: { name: 'MT_RET_USR_LIMIT_REACHED', class: 'refused' },
  3008: { name: 'MT_RET_USR_HAS_TRADES', class: 'refused' },
  3009: { name: 'MT_RET_USR_DIFFERENT_SERVERS', class: 'refused' },
  3010: { name: 'MT_RET_USR_DIFFERENT_CURRENCY', class: 'refused' },
  3011: { name: 'MT_RET_USR_IMPORT_BALANCE', class: 'refused' },
  3012: { name: 'MT_RET_USR_IMPORT_GROUP', class: 'refused' },
  3013: { name: 'MT_RET_USR_ACCOUNT_EXIST', class: 'refused' },
  4001: { name: 'MT_RET_TRADE_LIMIT_REACHED', class: 'refused' },
  4002: { name: 'MT_RET_TRADE_ORDER_EXIST', class: 'refused' },
  4003: { name: 'MT_RET_TRADE_ORDER_EXHAUSTED', class: 'refused' },
  4004: { name: 'MT_RET_TRADE_DEAL_EXHAUSTED', class: 'refused' },
  4005: { name: 'MT_RET_TRADE_MAX_MONEY', class: 'refused' },
  4006: { name: 'MT_RET_TRADE_DEAL_EXIST', class: 'unknown' },
  4007: { name: 'MT_RET_TRADE_ORDER_PROHIBITED', class: 'refused' },
  4008: { name: 'MT_RET_TRADE_DEAL_PROHIBITED', class: 'refused' },
  10006: { name: 'MT_RET_REQUEST_REJECT', class: 'refused' },
  10007: { name: 'MT_RET_REQUEST_CANCEL', class: 'refused' },
  10011: { name: 'MT_RET_REQUEST_ERROR', class: 'unknown' },
  10012: { name: 'MT_RET_REQUEST_TIMEOUT', class: 'unknown' },
  10013: { name: 'MT_RET_REQUEST_INVALID', class: 'refused' },
  10017: { name: 'MT_RET_REQUEST_TRADE_DISABLED', class: 'refused' },
  10018: { name: 'MT_RET_REQUEST_MARKET_CLOSED', class: 'refused' },
  10019: { name: 'MT_RET_REQUEST_NO_MONEY', class: 'refused' },
  10024: { name: 'MT_RET_REQUEST_TOO_MANY', class: 'busy' },
  10028: { name: 'MT_RET_REQUEST_LOCKED', class: 'busy' },
  10031: { name: 'MT_RET_REQUEST_CONNECTION', class: 'busy' },
  12000: { name: 'MT_RET_ERR_NOTIMPLEMENT', class: 'refused' },
  12001: { name: 'MT_RET_ERR_NOTMAIN', class: 'refused' },
  12002: { name: 'MT_RET_ERR_NOTSUPPORTED', class: 'refused' },
  12003: { name: 'MT_RET_ERR_DEADLOCK', class: 'unknown' },
  12004: { name: 'MT_RET_ERR_LOCKED', class: 'busy' },
};

/** The authentication codes, 1000 to 1034: the session is not (or no longer) valid. */
export function isAuthCode(code: number): boolean {
  return code >= 1000 && code <= 1034;
}

export function retcodeClass(code: number): RetcodeClass | undefined {
  if (isAuthCode(code)) return 'session';
  return RETCODES[code]?.class;
}

/**
 * What a failed retcode means for the caller. `mutating` is true for calls that change the platform
 * (account creation, updates, passwords, balance): for those only a refusal proves nothing was done;
 * everything else leaves the outcome unknown, to be looked up before anything is sent again.
 */
export function retcodeKind(code: number, mutating: boolean): PlatformErrorKind {
  const cls = retcodeClass(code);
  if (cls === 'refused') return 'permanent';
  if (mutating) return 'unknown';
  if (cls === 'busy' || cls === 'unknown') return 'transient';
  return 'permanent';
}

/** MT5's codes for the refusals the console acts on (types.ts PlatformRefusal). */
const REFUSALS: Readonly<Record<number, PlatformRefusal>> = {
  [RET.LOGIN_EXIST]: 'accountExists',
  [RET.NOT_FOUND]: 'accountNotFound',
};

export function retcodeError(rc: Retcode, what: string, mutating: boolean): PlatformError {
  const text = rc.text ? `${rc.code} ${rc.text}` : String(rc.code);
  return new PlatformError(
    retcodeKind(rc.code, mutating),
    `MT5 ${what} failed: ${text}`,
    rc.code,
    REFUSALS[rc.code],
  );
}
