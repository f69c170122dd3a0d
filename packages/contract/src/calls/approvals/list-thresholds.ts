import { defineCall } from '../../call.ts';
import { thresholdsResponse } from '../../approvals.ts';

/** The four-eyes thresholds (path ours): read by any staff member. */
export const listThresholds = defineCall({
  summary: 'Lists the four-eyes thresholds above which a second approval is needed.',
  method: 'GET',
  path: '/api/admin/approvals/thresholds',
  access: 'staff',
  response: thresholdsResponse,
});
