import { defineCall } from '../../call.ts';
import { setThresholdRequest, setThresholdResponse } from '../../approvals.ts';

/** Sets or removes one four-eyes threshold (path ours): a SYSOP's call. */
export const setThreshold = defineCall({
  summary: 'Sets or removes a four-eyes threshold (SYSOP only).',
  method: 'POST',
  path: '/api/admin/approvals/setThreshold',
  access: 'sysop',
  body: setThresholdRequest,
  response: setThresholdResponse,
});
