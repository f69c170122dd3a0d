import { defineCall } from '../../call.ts';
import { reportSubscriptionSchema, subscribeReportRequest } from '../../reports.ts';

/** Subscribes a staff member to a daily, weekly or monthly report in a time zone (SYSOP). */
export const subscribeReport = defineCall({
  summary: 'Subscribes a staff member to a scheduled report (SYSOP only).',
  method: 'POST',
  path: '/api/admin/reports/subscriptions',
  access: 'sysop',
  body: subscribeReportRequest,
  response: reportSubscriptionSchema,
});
