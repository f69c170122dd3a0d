import { Readable } from 'node:stream';
import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route, type CallRequest } from '../../http/route.ts';
import type { ReconciliationService } from './service.ts';
import type { ReconciliationAlerts } from './alerts.ts';

/**
 * Reconciliation with the platform (ADMIN and above): run one now, list the kept reports, open one,
 * export its mismatches as CSV. Wired in app.ts; the daily run is the ReconciliationJob of main.ts.
 */
export function reconciliationRoutes(
  app: App,
  deps: { reconciliation: ReconciliationService; alerts: ReconciliationAlerts },
): void {
  const { reconciliation, alerts } = deps;
  const caller = (req: Pick<CallRequest<never>, 'staff' | 'ip'>) => ({
    userId: requireStaff(req.staff).userId,
    ip: req.ip,
  });

  route(app, calls.reconciliation.runReconciliation, async (req) =>
    reconciliation.runNow(req.body, caller(req)),
  );

  route(app, calls.reconciliation.listReconciliationReports, async (req) => reconciliation.list(req.body));

  route(app, calls.reconciliation.getReconciliationReport, async (req) =>
    reconciliation.detail(req.params.id),
  );

  // Critical mismatches (money moved twice): the open ones, and acknowledging one once it is handled.
  route(app, calls.reconciliation.listReconciliationAlerts, async () => alerts.open());

  route(app, calls.reconciliation.acknowledgeReconciliationAlert, async (req) =>
    alerts.acknowledge(req.params.id, caller(req)),
  );

  route(app, calls.reconciliation.exportReconciliationReport, async (req, reply) => {
    const file = await reconciliation.exportCsv(req.params.id, caller(req));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(file.body));
  });
}
