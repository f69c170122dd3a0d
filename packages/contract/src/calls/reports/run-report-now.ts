import { defineCall } from '../../call.ts';
import { reportRowSchema, runReportRequest } from '../../reports.ts';

/**
 * Makes a subscription's report for a past period now and mails it to the subscriber; answers the
 * kept report (SYSOP; docs/product.md [reports.run-now]).
 */
export const runReportNow = defineCall({
  summary: "Makes and mails a subscription's report for a past period now (SYSOP only).",
  method: 'POST',
  path: '/api/admin/reports/run',
  access: 'sysop',
  body: runReportRequest,
  response: reportRowSchema,
});
