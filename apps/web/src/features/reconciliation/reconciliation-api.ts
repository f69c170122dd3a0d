import {
  calls,
  urlOf,
  type ReconciliationListRequest,
  type ReconciliationRunRequest,
} from '@brokerdesk/contract';
import { call, type RequestOptions } from '../../shared/api.ts';

/** Reconciliation with the platform, typed by the contract. */
export const reconciliationApi = {
  run: (body: ReconciliationRunRequest) => call(calls.reconciliation.runReconciliation, { body }),
  list: (body: ReconciliationListRequest, options?: RequestOptions) =>
    call(calls.reconciliation.listReconciliationReports, { body }, options),
  report: (id: string, options?: RequestOptions) =>
    call(calls.reconciliation.getReconciliationReport, { params: { id } }, options),
  exportPath: (id: string) => urlOf(calls.reconciliation.exportReconciliationReport, { params: { id } }),
  alerts: (options?: RequestOptions) => call(calls.reconciliation.listReconciliationAlerts, {}, options),
  acknowledge: (id: string) => call(calls.reconciliation.acknowledgeReconciliationAlert, { params: { id } }),
};
