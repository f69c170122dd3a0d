import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CALL_AREAS, calls, callKey, namedCalls, type CallDef, type NamedCall } from '@brokerdesk/contract';

/**
 * The OpenAPI document at /api/docs: each call's operationId (its export name), summary, tag (its area),
 * security and error replies come from its definition in the contract (docs/decisions.md "The OpenAPI
 * document"). Checked by `tools/test/openapi-check.sh` (Redocly's recommended rules, openapi-typescript).
 */

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json> };
type Document = Json & { paths?: Record<string, Record<string, Operation>> };

const BEARER = 'bearer';
const ERROR_SCHEMA = 'Errors';

/** The replies in the error shape (http/errors.ts), each a shared response of the document. */
const ERROR_REPLIES = {
  400: ['BadRequest', 'The request is not valid: `errors` names each field that is wrong and why.'],
  401: ['Unauthorized', 'No session, or it has expired or ended: sign in again.'],
  403: ['Forbidden', 'Not allowed: the role is too low, the call acts on staff, or the link has expired.'],
  404: ['NotFound', 'The record named does not exist.'],
  409: ['Conflict', 'The record is no longer in the state the action needs (already decided, for one).'],
  413: ['PayloadTooLarge', 'The body is larger than the server accepts.'],
  429: ['TooManyRequests', 'Too many attempts: wait and try again.'],
} as const;
type ErrorStatus = keyof typeof ERROR_REPLIES;

/** Calls that only read, by their name's verb; any other POST changes something and may meet a change. */
const READS = /^(check|count|download|export|get|list|open|page|search|verify)[A-Z]/;

/** Replies the rules below cannot see: the outbox hides itself, the live stream is capped per session. */
const ALSO = new Map<CallDef, ErrorStatus[]>([
  [calls.system.getDevOutbox, [404]],
  [calls.events.openLiveEvents, [429]],
]);

/** The error replies a call can give, from what its definition says it takes and who may make it. */
function errorsOf({ name, def }: NamedCall, limited: boolean): ErrorStatus[] {
  const session = def.access === 'staff' || def.access === 'sysop';
  const post = def.method === 'POST';
  const input = Boolean(def.params || def.query || def.body) || post;
  const changes = post && session && !READS.test(name);
  const out: ErrorStatus[] = [];
  if (input) out.push(400);
  if (session) out.push(401);
  if (session || def.access === 'signed') out.push(403);
  if (def.params || def.access === 'signed' || changes) out.push(404);
  if (changes) out.push(409);
  if (post) out.push(413);
  if (limited) out.push(429);
  const also = ALSO.get(def) ?? [];
  return [...new Set([...out, ...also])].sort((a, b) => a - b);
}

/** A reply that is not JSON: a document, a CSV file or an event stream. */
function rawReply(produces: string): Json {
  const types = produces.split(',').map((t) => t.split(';')[0]!.trim());
  return {
    description: `Answered as ${types.join(' or ')}.`,
    content: Object.fromEntries(
      types.map((t) => [
        t,
        { schema: t.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } },
      ]),
    ),
  };
}

/** The upload's body, read by its route as multipart (banks/upload-routes.ts). */
const UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['userId', 'file'],
        properties: { userId: { type: 'string' }, file: { type: 'string', format: 'binary' } },
      },
    },
  },
};

/** Fills in what the definitions know; `limited` holds the keys of the routes with a rate limit. */
function complete(doc: Document, limited: ReadonlySet<string>): Document {
  const byKey = new Map(namedCalls().map((c) => [callKey(c.def), c]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const named = byKey.get(key);
      if (!named) throw new Error(`OpenAPI: ${key} is not a call of the contract`);
      const { area, name, def } = named;
      op.operationId = name;
      op.summary = def.summary;
      op.tags = [area];
      if (def.access === 'public' || def.access === 'signed') op.security = [];
      const responses = (op.responses ??= {});
      if (!def.response && 'produces' in def) responses['200'] = rawReply(def.produces);
      if (def === calls.banks.uploadDocument) op.requestBody = UPLOAD_BODY;
      for (const status of errorsOf(named, limited.has(key)))
        responses[status] ??= { $ref: `#/components/responses/${ERROR_REPLIES[status][0]}` };
    }
  }
  return doc;
}

/** @fastify/swagger's options: the document's header and the hooks that complete each operation. */
export function openApiOptions(version: string): FastifyDynamicSwaggerOptions {
  const limited = new Set<string>();
  return {
    openapi: {
      info: {
        title: 'Brokerdesk API',
        version,
        description: 'The back-office console of a brokerage: clients, accounts, money and audit.',
      },
      // Relative: the server that serves this document, whatever address it is reached at.
      servers: [{ url: '/', description: 'This console' }],
      security: [{ [BEARER]: [] }],
      tags: Object.entries(CALL_AREAS).map(([name, description]) => ({ name, description })),
      // The error shape, its replies and the bearer scheme.
      components: {
        schemas: {
          [ERROR_SCHEMA]: {
            type: 'object',
            description:
              'Each field that is wrong (or `server`, `auth`) with a message for the staff member.',
            required: ['errors'],
            properties: {
              errors: { type: 'object', additionalProperties: { type: 'string' } },
              requestId: { type: 'string' },
            },
          },
        },
        responses: Object.fromEntries(
          Object.values(ERROR_REPLIES).map(([id, description]) => [
            id,
            {
              description,
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
            },
          ]),
        ),
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The session token that sign-in answers (confirmLogin).',
          },
        },
      },
    },
    transform: (input) => {
      const config = input.route.config as { rateLimit?: unknown } | undefined;
      const methods = [input.route.method].flat();
      if (config?.rateLimit) for (const m of methods) limited.add(`${m} ${input.url}`);
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('OpenAPI: expected an OpenAPI 3 document');
      return complete(input.openapiObject as Document, limited) as typeof input.openapiObject;
    },
  };
}
