import {
  calls,
  type AlertRequestType,
  type ResolveAlertRequest,
  type SetAlertThresholdRequest,
} from '@brokerdesk/contract';
import { call, type RequestOptions } from '../../shared/api.ts';
import { entityKeys } from '../../shared/query-keys.ts';

/** Alerts on clients' money (docs/product.md [alerts]). */
export const alertsApi = {
  list: (query: { page: number; pageSize: number }, options?: RequestOptions) =>
    call(calls.alerts.listAlerts, { query: { status: 'open', ...query } }, options),
  assign: (alertId: string) => call(calls.alerts.assignAlert, { params: { alertId } }),
  resolve: (alertId: string, body: ResolveAlertRequest) =>
    call(calls.alerts.resolveAlert, { params: { alertId }, body }),
  thresholds: (options?: RequestOptions) => call(calls.alerts.listAlertThresholds, {}, options),
  setThreshold: (body: SetAlertThresholdRequest) => call(calls.alerts.setAlertThreshold, { body }),
  ofRequest: (requestType: AlertRequestType, requestId: string, options?: RequestOptions) =>
    call(calls.alerts.listRequestAlerts, { params: { requestType, requestId } }, options),
};

export const alertKeys = entityKeys('alerts');
export const alertThresholdKeys = entityKeys('alert-thresholds');
/** The alerts of one request, in its update modal. */
export const requestAlertKeys = entityKeys('request-alerts');
