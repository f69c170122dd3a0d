export { runReconciliation } from './run-reconciliation.ts';
export { listReconciliationReports } from './list-reconciliation-reports.ts';
export { getReconciliationReport } from './get-reconciliation-report.ts';
export { exportReconciliationReport } from './export-reconciliation-report.ts';
export { listReconciliationAlerts } from './list-reconciliation-alerts.ts';
export { acknowledgeReconciliationAlert } from './acknowledge-reconciliation-alert.ts';
