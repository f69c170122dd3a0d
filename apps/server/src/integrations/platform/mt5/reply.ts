import { PlatformError } from '../types.ts';
import { isSuccess, parseRetcode, retcodeError, type Retcode } from './retcodes.ts';
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
  // Busy or unavailable: the request was turned away before it was processed.
  if (status === 429 || status === 502 || status === 503) return new PlatformError('transient', message);
  // A server-side failure or a gateway timeout after the request was taken.
  if (status >= 500) return new PlatformError(mutating ? 'unknown' : 'transient', message);
  return new PlatformError('permanent', message);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
