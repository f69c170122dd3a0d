import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Role } from '@brokerdesk/contract';

/** One method of one route, as the server registered it (the onRoute hook sees every route, hidden ones too). */
export type RecordedRoute = {
  app: object;
  method: string;
  /** Fastify's pattern with the prefix, e.g. /api/admin/users/profile/:id */
  url: string;
  config: { public?: boolean; background?: boolean; minRole?: Role };
  schema: { body?: ZodType; params?: ZodType; querystring?: ZodType };
};

type FastifyModule = { default: (opts?: object) => FastifyInstance };

/**
 * The fastify module with a factory that adds an onRoute hook to every instance it makes, before any
 * route exists. Test files install it with
 *   vi.mock('fastify', async (orig) => (await import('./support/routes.ts')).recordingFastify(await orig(), sink))
 * so the route table is the server's own, not a list kept by hand.
 */
export function recordingFastify<M>(real: M, sink: RecordedRoute[]): M {
  const original = (real as unknown as FastifyModule).default;
  const factory = (opts?: object) => {
    const app = original(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        sink.push({
          app,
          method: String(method),
          url: route.url,
          config: (route.config ?? {}) as RecordedRoute['config'],
          schema: (route.schema ?? {}) as RecordedRoute['schema'],
        });
      }
    });
    return app;
  };
  return { ...real, default: factory, fastify: factory };
}

/** The routes one app registered, one entry per method and pattern. */
export function routesOf(sink: RecordedRoute[], app: object): RecordedRoute[] {
  const seen = new Map<string, RecordedRoute>();
  for (const r of sink) if (r.app === app) seen.set(keyOf(r), r);
  return [...seen.values()];
}

export const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** OpenAPI writes /a/{id}; Fastify writes /a/:id. */
export const fromOpenApiPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');

/** Puts values into a route pattern's :params and * wildcard, percent-encoded. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'))
    .replace(/\*$/, encodeURIComponent(values['*'] ?? 'x'));
}
