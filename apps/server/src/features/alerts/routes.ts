import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { AlertsService } from './service.ts';

/** Alerts on clients' money (docs/product.md [alerts]): the list, assign, resolve, thresholds, evaluate. */
export function alertsRoutes(app: App, deps: { alerts: AlertsService }): void {
  route(app, calls.alerts.listAlerts, async (req) => deps.alerts.list(req.query));
  route(app, calls.alerts.assignAlert, async (req) =>
    deps.alerts.assign(req.params.alertId, requireStaff(req.staff)),
  );
  route(app, calls.alerts.resolveAlert, async (req) =>
    deps.alerts.resolve(req.params.alertId, req.body, requireStaff(req.staff)),
  );
  route(app, calls.alerts.listAlertThresholds, async () => ({ thresholds: await deps.alerts.thresholds() }));
  route(app, calls.alerts.setAlertThreshold, async (req) =>
    deps.alerts.setThreshold(req.body, requireStaff(req.staff)),
  );
  route(app, calls.alerts.evaluateClientAlerts, async (req) =>
    deps.alerts.evaluateClient(req.params.userId, requireStaff(req.staff)),
  );
}
