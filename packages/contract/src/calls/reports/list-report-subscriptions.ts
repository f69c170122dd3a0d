import { defineCall } from '../../call.ts';
import { reportSubscriptionsResponse } from '../../reports.ts';

/** Every report subscription, the cancelled ones too (SYSOP; docs/product.md [call.reports]). */
export const listReportSubscriptions = defineCall({
  summary: 'Lists the scheduled-report subscriptions (SYSOP only).',
  method: 'GET',
  path: '/api/admin/reports/subscriptions',
  access: 'sysop',
  response: reportSubscriptionsResponse,
});
