import { PlatformError, type PlatformErrorKind } from '../types.ts';

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
  TIMEOUT: 9,
  FREQUENT: 12,
  INVALID_PASSWORD: 3006,
} as const;

// Nothing happened and a later attempt may work: network, connection, no service, busy, shutdown.
const TRANSIENT = new Set([7, 10, 11, 12, 15]);
// It will never work as asked: generic error, bad parameters, bad data, no rights, not found,
// duplicate, login range exhausted, account exists, weak or wrong password, limit, amount too big,
// not enough money.
const PERMANENT = new Set([2, 3, 4, 8, 13, 17, 3002, 3004, 3006, 3007, 4005, 10019]);

function isAuthCode(code: number): boolean {
  return code >= 1000 && code <= 1034;
}

/**
 * What a failed retcode means for the caller. `mutating` is true for calls that change the platform
 * (account creation, updates, passwords, balance): for those a timeout, and any code we do not know,
 * leaves the outcome uncertain, so the caller must look it up (findDeal) before sending it again.
 */
export function retcodeKind(code: number, mutating: boolean): PlatformErrorKind {
  if (code === RET.TIMEOUT) return mutating ? 'unknown' : 'transient';
  if (TRANSIENT.has(code)) return 'transient';
  if (PERMANENT.has(code) || isAuthCode(code)) return 'permanent';
  return mutating ? 'unknown' : 'permanent';
}

export function retcodeError(rc: Retcode, what: string, mutating: boolean): PlatformError {
  const text = rc.text ? `${rc.code} ${rc.text}` : String(rc.code);
  return new PlatformError(retcodeKind(rc.code, mutating), `MT5 ${what} failed: ${text}`, rc.code);
}
