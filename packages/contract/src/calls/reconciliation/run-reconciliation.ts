import { defineCall } from '../../call.ts';
import { reconciliationReportDetail, reconciliationRunRequest } from '../../reconciliation.ts';

/** Runs a reconciliation with the platform now, over a period, and answers the kept report. */
export const runReconciliation = defineCall({
  summary: 'Reconciles the console with the trading platform over a period, now.',
  method: 'POST',
  path: '/api/admin/reconciliation/run',
  access: 'staff',
  body: reconciliationRunRequest,
  response: reconciliationReportDetail,
});
