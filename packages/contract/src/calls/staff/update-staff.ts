import { defineCall } from '../../call.ts';
import { staffUpdateRequest, staffUpdateResponse } from '../../staff.ts';

/**
 * A SYSOP changes a staff member's role or status, which ends their sessions. SYSOP only, so the
 * acting-on rule never refuses here; declared like every call naming a user, as one acting on staff.
 */
export const updateStaff = defineCall({
  summary: "Changes a staff member's role or status and ends their sessions (SYSOP only).",
  method: 'POST',
  path: '/api/admin/staff/update',
  access: 'sysop',
  actsOn: ['_id'],
  actsOnStaff: true,
  body: staffUpdateRequest,
  response: staffUpdateResponse,
});
