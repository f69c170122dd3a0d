import { defineCall } from '../../call.ts';
import { setAlertThresholdRequest, setAlertThresholdResponse } from '../../alerts.ts';

/** Sets one alert threshold within its range (SYSOP; docs/product.md [call.setAlertThreshold]). */
export const setAlertThreshold = defineCall({
  summary: 'Sets an alert threshold (SYSOP only).',
  method: 'POST',
  path: '/api/admin/alerts/thresholds',
  access: 'sysop',
  body: setAlertThresholdRequest,
  response: setAlertThresholdResponse,
});
