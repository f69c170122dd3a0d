import { defineCall } from '../../call.ts';
import { setThresholdRequest, setThresholdResponse } from '../../approvals.ts';

/** Sets or removes one four-eyes threshold (issue 9; path ours): a SYSOP's call. */
export const setThreshold = defineCall({
  method: 'POST',
  path: '/api/admin/approvals/setThreshold',
  access: 'sysop',
  body: setThresholdRequest,
  response: setThresholdResponse,
});
