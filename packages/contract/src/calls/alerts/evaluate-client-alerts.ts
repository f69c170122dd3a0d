import { defineCall } from '../../call.ts';
import { evaluateAlertsParams, evaluateAlertsResponse } from '../../alerts.ts';

/**
 * Runs the alert rules now over a client's latest deposits and withdrawals (docs/product.md
 * [call.evaluateClientAlerts]); an alert already raised is not raised again.
 */
export const evaluateClientAlerts = defineCall({
  summary: "Evaluates the alert rules now over a client's latest deposits and withdrawals.",
  method: 'POST',
  path: '/api/admin/users/:userId/alerts/evaluate',
  access: 'staff',
  actsOnParam: 'userId',
  params: evaluateAlertsParams,
  response: evaluateAlertsResponse,
});
