import {
  dashboardActivityQuery,
  dashboardActivityResponse,
  dashboardOverviewResponse,
} from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import type { DashboardService } from './service.ts';

/**
 * The operations dashboard (issue 20; chosen paths): what waits and for how long, the platform and
 * reconciliation (overview), and money and decisions by day in the caller's time zone (activity).
 */
export function dashboardRoutes(app: App, deps: { dashboard: DashboardService }): void {
  app.get(
    '/api/admin/dashboard/overview',
    { schema: { response: { 200: dashboardOverviewResponse } } },
    async () => deps.dashboard.overview(),
  );
  app.get(
    '/api/admin/dashboard/activity',
    { schema: { querystring: dashboardActivityQuery, response: { 200: dashboardActivityResponse } } },
    async (req) => deps.dashboard.activity(req.query.days, req.query.tz),
  );
}
