import type { FastifyRequest } from 'fastify';

/**
 * The one form an identifier (an email) takes before anything is keyed on it: rate limits, lockouts,
 * look-ups (DESIGN "Security"). trim() removes every Unicode space (tabs, NBSP, U+2000..U+200A, BOM),
 * NFC joins decomposed letters, and lower case makes ADA@ and ada@ one account. Padding or re-spelling
 * an email therefore never buys a fresh limit.
 */
export function normaliseIdentifier(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}

/**
 * A route's preValidation hook that rewrites body[field] into its normal form, in place, once. It runs
 * before the route's rate limit (which @fastify/rate-limit appends after the route's own hooks) and
 * before validation, so the limiter, the schema and the service all see the same value.
 */
export function normaliseBodyField(field: string) {
  return async (req: FastifyRequest): Promise<void> => {
    const body = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    const value = record[field];
    if (typeof value === 'string') record[field] = normaliseIdentifier(value);
  };
}
