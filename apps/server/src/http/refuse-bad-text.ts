import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@brokerdesk/contract';
import { Invalid } from './errors.ts';

/** A lone surrogate (a UTF-16 half with no partner): with the u flag, well-formed pairs never match. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text no route accepts: a NUL, or a string that is not well-formed Unicode. */
export function isBadText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Refuses, for every route, text that cannot be stored as it was sent: PostgreSQL text and jsonb cannot
 * hold U+0000 (a 500), and a lone surrogate is stored as U+FFFD, so what was checked, hashed into the
 * audit chain or compared would differ from what is kept. One global preValidation hook walks the
 * parsed body, query and path parameters, keys and values at any depth, and answers 400 naming the
 * top-level field, before any validation, rate limit or handler. Multipart parts are read by their
 * handler (POST /upload checks the file name).
 */
export function refuseBadText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = badField(value, null, 0);
      if (field !== null) throw new Invalid({ [field || part]: MESSAGES.badText });
    }
  });
}

/** Deeper than any schema goes: a body nested further is refused by its schema anyway. */
const MAX_DEPTH = 64;

/** The top-level field under which bad text sits (in a value or a key), '' for the part itself, or null. */
function badField(value: unknown, top: string | null, depth: number): string | null {
  if (typeof value === 'string') return isBadText(value) ? (top ?? '') : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, v] of Object.entries(value)) {
    const field = top ?? key;
    // A bad key at the top is named by its part ('body'): the key itself cannot be echoed.
    if (isBadText(key)) return top ?? '';
    const found = badField(v, field, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
