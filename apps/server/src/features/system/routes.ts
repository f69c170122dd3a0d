import {
  checkNewDepositsResponse,
  devOutboxResponse,
  mlStatusesResponse,
  newRequestsCountResponse,
  serverInfoResponse,
} from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { NotFound } from '../../http/errors.ts';
import type { SystemService } from './service.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function systemRoutes(
  app: App,
  deps: { system: SystemService; devOutbox: boolean; version: string },
): void {
  const { system } = deps;

  app.get(
    '/api/other/getNewRequestsCount/',
    { config: { background: true }, schema: { response: { 200: newRequestsCountResponse } } },
    async () => system.newRequestsCount(),
  );

  app.get(
    '/api/other/checkNewDeposits/',
    { config: { background: true }, schema: { response: { 200: checkNewDepositsResponse } } },
    async (req) => system.checkNewDeposits(requireStaff(req.staff).sessionId),
  );

  app.get(
    '/api/admin/other/getMlStatuses/',
    { config: { background: true }, schema: { response: { 200: mlStatusesResponse } } },
    async () => system.platformStatuses(),
  );

  app.get(
    '/api/other/serverInfo',
    { config: { public: true }, schema: { response: { 200: serverInfoResponse } } },
    async () => ({ devOutbox: deps.devOutbox, version: deps.version }),
  );

  // Only without SMTP_URL, and only to a browser on this machine: it holds sign-in codes.
  app.get(
    '/api/dev/outbox',
    { config: { public: true }, schema: { response: { 200: devOutboxResponse } } },
    async (req) => {
      if (!deps.devOutbox || !LOOPBACK.has(req.ip)) throw new NotFound();
      return { enabled: true, mails: await system.devOutbox() };
    },
  );
}
