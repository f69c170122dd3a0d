import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@brokerdesk/contract';
import { AppError } from './errors.ts';

/**
 * One place turns every failure into `{ errors: { field: message }, requestId }`. Bad input is always 4xx;
 * a 5xx means a fault of ours, and then nothing about the database or code leaves the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const requestId = request.id;
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      return reply.code(err.statusCode).send({ errors: err.errors, requestId });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // No prototype: an unknown field called 'constructor' or 'toString' must be reported, not skipped.
      const errors: Record<string, string> = Object.create(null);
      for (const v of err.validation) {
        const keys = (v.params as { keys?: unknown }).keys;
        if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          for (const k of keys) errors[String(k)] ??= 'Unknown field.';
          continue;
        }
        const field = v.instancePath.replace(/^\//, '').split('/')[0] || err.validationContext || 'body';
        errors[field] ??= v.message ?? MESSAGES.invalidInput;
      }
      return reply.code(400).send({ errors, requestId });
    }
    // Two requests racing for one unique value: the loser is told the record changed, not a 500.
    if ((err as { code?: string }).code === '23505') {
      return reply.code(409).send({ errors: { server: MESSAGES.conflict }, requestId });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ errors: { server: MESSAGES.tooLarge }, requestId });
    }
    if (status === 429) {
      return reply.code(429).send({ errors: { server: MESSAGES.tooManyRequests }, requestId });
    }
    if (status >= 400 && status < 500) {
      const message = err.code?.startsWith('FST_ERR_CTP')
        ? 'The request body could not be read.'
        : err.message;
      return reply.code(status).send({ errors: { body: message || MESSAGES.invalidInput }, requestId });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ errors: { server: MESSAGES.serverError }, requestId });
  });
}

/**
 * Errors the router raises before any route, hook or error handler runs (a URL that does not decode, a
 * path parameter over the length limit): the same JSON shape as every other error, not echoing the URL.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(err.statusCode ?? 400)
    .send({ errors: { url: 'This address is not valid.' }, requestId: request.id });
}
