import type { FastifyRequest } from 'fastify';
import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import { NotFound } from '../../http/errors.ts';
import type { SystemService } from './service.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The socket's own peer is loopback and no proxy forwarded the request. Never request.ip: under
 * TRUST_PROXY it comes from X-Forwarded-For, which a client writes, and a proxy on this machine connects
 * from loopback on behalf of anyone (docs/security.md).
 */
function fromThisMachine(req: FastifyRequest): boolean {
  const h = req.headers;
  return (
    LOOPBACK.has(req.socket.remoteAddress ?? '') &&
    h['x-forwarded-for'] === undefined &&
    h.forwarded === undefined &&
    h['x-real-ip'] === undefined
  );
}

export function systemRoutes(
  app: App,
  deps: { system: SystemService; devOutbox: boolean; version: string },
): void {
  const { system } = deps;

  route(app, calls.system.countNewRequests, async () => system.newRequestsCount());

  route(app, calls.system.checkNewDeposits, async (req) =>
    system.checkNewDeposits(requireStaff(req.staff).sessionId),
  );

  route(app, calls.system.listPlatformStatuses, async () => system.platformStatuses());

  route(app, calls.system.getServerInfo, async () => ({ devOutbox: deps.devOutbox, version: deps.version }));

  // Only without SMTP_URL, and only to a browser on this machine: it holds sign-in codes.
  route(app, calls.system.getDevOutbox, async (req) => {
    if (!deps.devOutbox || !fromThisMachine(req)) throw new NotFound();
    return { enabled: true, mails: await system.devOutbox() };
  });
}
