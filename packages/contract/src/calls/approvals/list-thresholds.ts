import { defineCall } from '../../call.ts';
import { thresholdsResponse } from '../../approvals.ts';

/** The four-eyes thresholds (issue 9; path ours): read by any staff member. */
export const listThresholds = defineCall({
  method: 'GET',
  path: '/api/admin/approvals/thresholds',
  access: 'staff',
  response: thresholdsResponse,
});
