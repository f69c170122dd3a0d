import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  auditExportQuery,
  auditFacetsResponse,
  auditSearchRequest,
  auditSearchResponse,
  auditVerifyResponse,
  documentViewsResponse,
  endSessionRequest,
  endSessionResponse,
  idSchema,
  staffSessionsResponse,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AuditService } from './service.ts';
import { StaffSessions } from './sessions.ts';

/**
 * The audit trail (ADMIN and above; verification SYSOP), a client's document views, and live staff
 * sessions (SYSOP). Wired in app.ts with
 * `auditRoutes(app, { db, clock, sessionIdleSeconds: config.sessionIdleSeconds });`
 */
export function auditRoutes(app: App, deps: { db: Db; clock: Clock; sessionIdleSeconds: number }): void {
  const trail = new AuditService(deps.db, deps.clock);
  const live = new StaffSessions(deps.db, deps.clock, deps.sessionIdleSeconds);
  const caller = (req: FastifyRequest) => {
    const staff = requireStaff(req.staff);
    return { userId: staff.userId, sessionId: staff.sessionId, ip: req.ip };
  };

  app.post(
    '/api/admin/audit/search',
    { schema: { body: auditSearchRequest, response: { 200: auditSearchResponse } } },
    async (req) => trail.search(req.body),
  );

  app.get(
    '/api/admin/audit/export.csv',
    { schema: { querystring: auditExportQuery } },
    async (req, reply) => {
      const { sortOrder, ...filters } = req.query;
      const file = await trail.exportCsv(filters, sortOrder, caller(req));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.body));
    },
  );

  app.get('/api/admin/audit/facets', { schema: { response: { 200: auditFacetsResponse } } }, async () =>
    trail.facets(),
  );

  app.post(
    '/api/admin/audit/verify',
    { config: { minRole: 'SYSOP' }, schema: { response: { 200: auditVerifyResponse } } },
    async (req) => trail.verify(caller(req)),
  );

  app.get(
    '/api/admin/users/documentViews/:userId',
    {
      config: { actsOnParam: 'userId' },
      schema: { params: z.object({ userId: idSchema }), response: { 200: documentViewsResponse } },
    },
    async (req) => trail.documentViews(req.params.userId),
  );

  app.get(
    '/api/admin/sessions',
    { config: { minRole: 'SYSOP' }, schema: { response: { 200: staffSessionsResponse } } },
    async (req) => live.list(caller(req).sessionId),
  );

  app.post(
    '/api/admin/sessions/end',
    {
      config: { minRole: 'SYSOP' },
      schema: { body: endSessionRequest, response: { 200: endSessionResponse } },
    },
    async (req) => live.end(req.body.sessionId, caller(req)),
  );
}
