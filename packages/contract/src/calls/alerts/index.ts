export { listAlerts } from './list-alerts.ts';
export { assignAlert } from './assign-alert.ts';
export { resolveAlert } from './resolve-alert.ts';
export { listAlertThresholds } from './list-alert-thresholds.ts';
export { setAlertThreshold } from './set-alert-threshold.ts';
export { evaluateClientAlerts } from './evaluate-client-alerts.ts';
export { listRequestAlerts } from './list-request-alerts.ts';
