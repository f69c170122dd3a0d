import { defineCall } from '../../call.ts';
import { reconciliationAlertsResponse } from '../../reconciliation.ts';

/** The open critical mismatches (money moved twice) that nobody has acknowledged yet. */
export const listReconciliationAlerts = defineCall({
  method: 'GET',
  path: '/api/admin/reconciliation/alerts',
  access: 'staff',
  response: reconciliationAlertsResponse,
});
