import type { FastifyInstance } from 'fastify';

/**
 * Every reply to a signed-in staff member carries `Cache-Control: no-store`
 * (docs/product.md [security.headers]): client records, amounts and tokens must not stay in a browser's or
 * proxy's cache after the session ends. A route that set its own cache header (CSV downloads: no-store
 * already) keeps it.
 */
export function noStoreForStaff(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.staff && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
