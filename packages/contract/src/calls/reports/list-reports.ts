import { defineCall } from '../../call.ts';
import { reportListRequest, reportListResponse } from '../../reports.ts';

/** One page of the kept reports, newest first, optionally of one subscription. */
export const listReports = defineCall({
  summary: 'Reads one page of the kept scheduled reports, newest first.',
  method: 'POST',
  path: '/api/admin/reports/list',
  access: 'staff',
  body: reportListRequest,
  response: reportListResponse,
});
