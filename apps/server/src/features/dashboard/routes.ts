import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { DashboardService } from './service.ts';

/**
 * The operations dashboard (chosen paths): what waits and for how long, the platform and
 * reconciliation (overview), and money and decisions by day in the caller's time zone (activity).
 */
export function dashboardRoutes(app: App, deps: { dashboard: DashboardService }): void {
  route(app, calls.dashboard.getDashboardOverview, async () => deps.dashboard.overview());
  route(app, calls.dashboard.getDashboardActivity, async (req) =>
    deps.dashboard.activity(req.query.days, req.query.tz),
  );
}
