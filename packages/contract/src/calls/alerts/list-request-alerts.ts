import { defineCall } from '../../call.ts';
import { requestAlertsParams, requestAlertsResponse } from '../../alerts.ts';

/** The alerts of one deposit, withdrawal or transfer, for its update modal (path ours). */
export const listRequestAlerts = defineCall({
  summary: 'Lists the alerts of one request, open ones first, with who resolved each and the note.',
  method: 'GET',
  path: '/api/admin/alerts/request/:requestType/:requestId',
  access: 'staff',
  params: requestAlertsParams,
  response: requestAlertsResponse,
});
