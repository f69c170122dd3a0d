import { defineCall } from '../../call.ts';
import { staffInviteRequest, staffInviteResponse } from '../../staff.ts';

/** A SYSOP invites a new staff member: created without a password, mailed a set-password link. */
export const inviteStaff = defineCall({
  summary: 'Invites a new staff member by mail (SYSOP only).',
  method: 'POST',
  path: '/api/admin/staff/invite',
  access: 'sysop',
  body: staffInviteRequest,
  response: staffInviteResponse,
});
