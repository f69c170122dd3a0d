import { defineCall } from '../../call.ts';
import { reconciliationAlertsResponse } from '../../reconciliation.ts';

/** The open critical mismatches (money moved twice) that nobody has acknowledged yet. */
export const listReconciliationAlerts = defineCall({
  summary: 'Lists the critical mismatches that nobody has acknowledged yet.',
  method: 'GET',
  path: '/api/admin/reconciliation/alerts',
  access: 'staff',
  response: reconciliationAlertsResponse,
});
