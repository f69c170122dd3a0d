import { Readable } from 'node:stream';
import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { AuditService } from './service.ts';
import type { StaffSessions } from './sessions.ts';
import type { AuditSeals } from '../../audit/seals/service.ts';

/**
 * The audit trail (ADMIN and above; verification SYSOP), a client's document views, and live staff
 * sessions (SYSOP).
 */
export function auditRoutes(
  app: App,
  deps: { trail: AuditService; live: StaffSessions; seals: AuditSeals },
): void {
  const { trail, live, seals } = deps;
  const caller = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => {
    const staff = requireStaff(req.staff);
    return { userId: staff.userId, sessionId: staff.sessionId, ip: req.ip };
  };

  route(app, calls.audit.searchAudit, async (req) => trail.search(req.body));

  route(app, calls.audit.exportAudit, async (req, reply) => {
    const { sortOrder, ...filters } = req.query;
    const file = await trail.exportCsv(filters, sortOrder, caller(req));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(file.body));
  });

  route(app, calls.audit.getAuditFacets, async () => trail.facets());

  route(app, calls.audit.verifyAudit, async (req) => trail.verify(caller(req)));

  route(app, calls.audit.listAuditSeals, async () => ({ seals: await seals.list() }));

  route(app, calls.audit.getAuditSigningKey, async () => seals.publicKey());

  route(app, calls.audit.listDocumentViews, async (req) => trail.documentViews(req.params.userId));

  route(app, calls.audit.listSessions, async (req) => live.list(caller(req).sessionId));

  route(app, calls.audit.endSession, async (req) => live.end(req.body.sessionId, caller(req)));
}
