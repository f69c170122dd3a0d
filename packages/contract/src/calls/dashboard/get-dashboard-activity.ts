import { defineCall } from '../../call.ts';
import { dashboardActivityQuery, dashboardActivityResponse } from '../../dashboard.ts';

/** Approved money and staff decisions per day in the caller's time zone (path ours). */
export const getDashboardActivity = defineCall({
  summary: 'Reads the approved money and staff decisions per day for the dashboard.',
  method: 'GET',
  path: '/api/admin/dashboard/activity',
  access: 'staff',
  query: dashboardActivityQuery,
  response: dashboardActivityResponse,
});
