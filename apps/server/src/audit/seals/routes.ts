import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { AnchorReports } from './anchor-reports.ts';

/** Mailed anchors checked from the Audit Trail screen, and a SYSOP's acknowledgement of a database behind one. */
export function anchorRoutes(app: App, deps: { anchors: AnchorReports }): void {
  const staffOf = (req: { staff?: unknown; ip: string }) => ({
    userId: requireStaff(req.staff as Parameters<typeof requireStaff>[0]).userId,
    ip: req.ip,
  });
  route(app, calls.audit.checkAuditAnchor, async (req) => deps.anchors.check(staffOf(req), req.body.anchor));
  route(app, calls.audit.listAnchorReports, async () => ({ reports: await deps.anchors.list() }));
  route(app, calls.audit.acknowledgeAnchorReport, async (req) =>
    deps.anchors.acknowledge(staffOf(req), req.params.id, req.body.note),
  );
}
