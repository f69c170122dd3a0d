import { defineCall } from '../../call.ts';
import { dashboardOverviewResponse } from '../../dashboard.ts';

/** The dashboard's overview (path ours): queues and their oldest item, platform, reconciliation. */
export const getDashboardOverview = defineCall({
  summary: 'Reads the dashboard overview: the queues, the platform and reconciliation.',
  method: 'GET',
  path: '/api/admin/dashboard/overview',
  access: 'staff',
  response: dashboardOverviewResponse,
});
