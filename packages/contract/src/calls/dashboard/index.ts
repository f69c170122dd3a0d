export { getDashboardOverview } from './get-dashboard-overview.ts';
export { getDashboardActivity } from './get-dashboard-activity.ts';
