import { defineCall } from '../../call.ts';
import { listAlertsQuery, listAlertsResponse } from '../../alerts.ts';

/** The alerts of one status, newest first, paged (path ours; docs/product.md [call.listAlerts]). */
export const listAlerts = defineCall({
  summary: 'Lists alerts of a status (open by default), newest first, with their facts and age.',
  method: 'GET',
  path: '/api/admin/alerts',
  access: 'staff',
  query: listAlertsQuery,
  response: listAlertsResponse,
});
