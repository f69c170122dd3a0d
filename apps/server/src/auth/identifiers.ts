import type { FastifyRequest } from 'fastify';
import { normaliseIdentifier } from '@brokerdesk/contract';

/** The contract's, shared with the staff invitation's schema and the staff CLI: one normal form. */
export { normaliseIdentifier };

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
