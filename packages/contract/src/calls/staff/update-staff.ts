import { defineCall } from '../../call.ts';
import { staffUpdateRequest, staffUpdateResponse } from '../../staff.ts';

/**
 * A SYSOP changes a staff member's role or status, which ends their sessions (issue 18). SYSOP only, so the acting-on rule never
 * refuses here; declared like every call naming a user.
 */
export const updateStaff = defineCall({
  method: 'POST',
  path: '/api/admin/staff/update',
  access: 'sysop',
  actsOn: ['_id'],
  body: staffUpdateRequest,
  response: staffUpdateResponse,
});
