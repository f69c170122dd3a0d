import { defineCall } from '../../call.ts';
import { reconciliationListRequest, reconciliationListResponse } from '../../reconciliation.ts';

/** One page of the kept reconciliation reports, newest first. */
export const listReconciliationReports = defineCall({
  summary: 'Reads one page of the reconciliation reports, newest first.',
  method: 'POST',
  path: '/api/admin/reconciliation/reports',
  access: 'staff',
  body: reconciliationListRequest,
  response: reconciliationListResponse,
});
