export { listReportSubscriptions } from './list-report-subscriptions.ts';
export { subscribeReport } from './subscribe-report.ts';
export { cancelReportSubscription } from './cancel-report-subscription.ts';
export { runReportNow } from './run-report-now.ts';
export { listReports } from './list-reports.ts';
export { getReport } from './get-report.ts';
export { downloadReportPdf } from './download-report-pdf.ts';
export { downloadReportCsv } from './download-report-csv.ts';
