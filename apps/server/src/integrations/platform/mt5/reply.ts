import { PlatformError } from '../types.ts';
import { isAuthCode, isSuccess, parseRetcode, retcodeError, type Retcode } from './retcodes.ts';
import type { WireReply } from './transport.ts';

/** A successful reply: the retcode and the whole JSON object (most calls put their data in `answer`). */
export type Mt5Reply = { retcode: Retcode; body: Record<string, unknown>; answer: unknown };

/**
 * Gives a wire reply its meaning: HTTP 200, a JSON object, and a retcode of 0 or 1. Anything else is
 * a PlatformError whose kind depends on whether the call changes the platform (`mutating`).
 */
export function readReply(wire: WireReply, what: string, mutating: boolean): Mt5Reply {
  if (wire.status !== 200) throw httpError(wire.status, what, mutating);
  let body: unknown;
  try {
    body = JSON.parse(wire.text);
  } catch {
    body = undefined;
  }
  const retcode = isObject(body) ? parseRetcode(body.retcode) : undefined;
  if (!isObject(body) || !retcode) {
    // The server answered but not in the protocol: a change may or may not have been made.
    throw new PlatformError(mutating ? 'unknown' : 'transient', `MT5 ${what}: unreadable reply`);
  }
  if (!isSuccess(retcode.code)) throw retcodeError(retcode, what, mutating);
  return { retcode, body, answer: body.answer };
}

function httpError(status: number, what: string, mutating: boolean): PlatformError {
  const message = `MT5 ${what} failed: HTTP ${status}`;
  // A proxy's "busy", "bad gateway" or "unavailable" does not say whether the request reached the
  // trade server first: for a write the outcome is unknown, for a read it is worth another try.
  if (status === 408 || status === 429 || status >= 500) {
    return new PlatformError(mutating ? 'unknown' : 'transient', message);
  }
  // On a call, 401 and 403 are a lost session, handled by the session before the reply is read; here
  // they come from the handshake (a refused manager or address), which is a refusal like any other 4xx.
  return new PlatformError('permanent', message);
}

/**
 * MetaQuotes' Web API answers HTTP 403 to every call once the server has forgotten the session, even
 * on a connection that stays open (401 from a proxy in front of it), or an authentication retcode.
 */
export function isSessionLost(wire: WireReply): boolean {
  if (wire.status === 401 || wire.status === 403) return true;
  if (wire.status !== 200) return false;
  try {
    const body: unknown = JSON.parse(wire.text);
    const rc = isObject(body) ? parseRetcode(body.retcode) : undefined;
    return rc !== undefined && isAuthCode(rc.code);
  } catch {
    return false;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
