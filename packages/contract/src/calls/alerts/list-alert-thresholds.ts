import { defineCall } from '../../call.ts';
import { alertThresholdsResponse } from '../../alerts.ts';

/** The alert rules' thresholds with their ranges (docs/product.md [call.listAlertThresholds]). */
export const listAlertThresholds = defineCall({
  summary: "Lists the alert rules' thresholds.",
  method: 'GET',
  path: '/api/admin/alerts/thresholds',
  access: 'staff',
  response: alertThresholdsResponse,
});
