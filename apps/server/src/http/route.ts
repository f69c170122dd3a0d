import type { FastifyContextConfig, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { CallDef, JsonCall } from '@brokerdesk/contract';
import type { App } from './types.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request as the call's definition types it: params, query and body after validation. */
export type CallRequest<D extends CallDef> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
};

/** What the handler answers: the call's reply for a JSON call (before serialisation), anything for a raw one. */
export type CallResult<D extends CallDef> = D extends JsonCall ? z.input<D['response']> : unknown;

export type CallHandler<D extends CallDef> = (
  req: CallRequest<D>,
  reply: FastifyReply,
) => Promise<CallResult<D>> | CallResult<D>;

/** What a route may add to its definition: rate limits, hooks, a description for the docs. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config?: Omit<
    FastifyContextConfig,
    'public' | 'minRole' | 'background' | 'actsOn' | 'actsOnParam' | 'actsOnStaff'
  >;
  description?: string;
  /** Replies other than 200 that the docs should show (a probe's 503). */
  alsoAnswers?: Record<number, z.ZodType>;
};

/** The guard's settings (auth/guard.ts, auth/acting-on.ts) from the call's access. */
function accessConfig(def: CallDef): FastifyContextConfig {
  return {
    ...(def.access === 'public' || def.access === 'signed' ? { public: true } : {}),
    ...(def.access === 'sysop' ? { minRole: 'SYSOP' as const } : {}),
    ...(def.background ? { background: true } : {}),
    ...(def.actsOn ? { actsOn: def.actsOn } : {}),
    ...(def.actsOnParam ? { actsOnParam: def.actsOnParam } : {}),
    ...(def.actsOnStaff ? { actsOnStaff: true } : {}),
  };
}

/**
 * Registers a call from its definition in the contract: the method, path, schemas and access come
 * from there, so the server, the web client, the OpenAPI document and the access matrix cannot drift.
 */
export function route<D extends CallDef>(
  app: App,
  def: D,
  handler: CallHandler<D>,
  extras: RouteExtras = {},
): void {
  const { config, description, alsoAnswers, ...options } = extras;
  app.route({
    ...options,
    method: def.method,
    url: def.path,
    config: { ...config, ...accessConfig(def) },
    schema: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.response ? { response: { 200: def.response, ...alsoAnswers } } : {}),
      ...(description ? { description } : {}),
    },
    handler: handler as never,
  });
}
