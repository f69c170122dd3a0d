import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@brokerdesk/contract';
import { AppError, TooMany, UNSUPPORTED_MEDIA_TYPE } from './errors.ts';

/**
 * One place turns every failure into `{ errors: { field: message }, requestId }`. Bad input is always 4xx;
 * a 5xx means a fault of ours, and then nothing about the database or code leaves the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const requestId = request.id;
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      const retryAfter = err instanceof TooMany ? (err as TooMany).retryAfter : undefined;
      if (retryAfter !== undefined)
        void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
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
        ? (BODY_MESSAGES[err.code] ?? 'The request body could not be read.')
        : err.message;
      return reply.code(status).send({ errors: { body: message || MESSAGES.invalidInput }, requestId });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ errors: { server: MESSAGES.serverError }, requestId });
  });
}

/** What Fastify's body reading refused, in words (http/body-parsers.ts adds its own). */
const BODY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send JSON, or no Content-Type.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/**
 * Errors the router raises before any route, hook or error handler runs (a URL that does not decode, a
 * path parameter over the length limit): the same JSON shape as every other error, not echoing the URL.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .code(err.statusCode ?? 400)
    .send({ errors: { url: 'This address is not valid.' }, requestId: request.id });
}

/**
 * Requests Node's HTTP parser cannot read (a bad Content-Length or chunk, headers too large, too slow):
 * no request, route or error handler exists yet, so the reply is written to the socket here, in the
 * API's error shape rather than Fastify's `{ error, message, statusCode }`.
 */
export function clientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody to answer (Fastify's default does the same).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, errors]: [number, Record<string, string>] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { server: 'The request took too long to arrive.' }]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { headers: 'The request headers are too large.' }]
        : [400, { request: 'This is not a valid HTTP request.' }];
  const body = JSON.stringify({ errors });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
