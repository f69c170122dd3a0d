import {
  reconciliationAlertSchema,
  reconciliationAlertsResponse,
  reconciliationListResponse,
  reconciliationReportDetail,
  type ReconciliationListRequest,
  type ReconciliationRunRequest,
} from '@brokerdesk/contract';
import { api, type RequestOptions } from '../../shared/api.ts';

const enc = encodeURIComponent;

/** Reconciliation with the platform, typed by the contract. */
export const reconciliationApi = {
  run: (body: ReconciliationRunRequest) =>
    api.post('/api/admin/reconciliation/run', reconciliationReportDetail, body),
  list: (body: ReconciliationListRequest, options?: RequestOptions) =>
    api.post('/api/admin/reconciliation/reports', reconciliationListResponse, body, options),
  report: (id: string, options?: RequestOptions) =>
    api.get(`/api/admin/reconciliation/reports/${enc(id)}`, reconciliationReportDetail, options),
  exportPath: (id: string) => `/api/admin/reconciliation/reports/${enc(id)}/export.csv`,
  alerts: (options?: RequestOptions) =>
    api.get('/api/admin/reconciliation/alerts', reconciliationAlertsResponse, options),
  acknowledge: (id: string) =>
    api.post(`/api/admin/reconciliation/alerts/${enc(id)}/acknowledge`, reconciliationAlertSchema, undefined),
};
