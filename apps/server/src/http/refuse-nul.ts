import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors.ts';

const MESSAGE = 'Remove the NUL character (\\u0000) from this field.';

/**
 * PostgreSQL text and jsonb cannot hold U+0000: a NUL in a body or query field would fail in the database
 * as a 500. It is bad input, so it is refused as such (400 naming the field) after validation, before any
 * handler. Path parameters are ids and enums (their patterns refuse it) or lookups by hash or file name
 * (which answer 404); multipart parts are read by their handler (POST /upload checks its own).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.query, request.body]) {
      const field = nulField(part, null);
      if (field !== null) throw new Invalid({ [field]: MESSAGE });
    }
  });
}

/** The top-level field under which a NUL sits (in a value or a key), or null when there is none. */
function nulField(value: unknown, top: string | null): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? (top ?? 'body') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    const field = top ?? key;
    if (key.includes('\u0000')) return field;
    const found = nulField(v, field);
    if (found !== null) return found;
  }
  return null;
}
