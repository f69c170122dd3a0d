import { defineCall } from '../../call.ts';
import { staffListResponse } from '../../staff.ts';

/** Every staff member, for the Staff screen (path ours). */
export const listStaff = defineCall({
  summary: 'Lists every staff member.',
  method: 'GET',
  path: '/api/admin/staff',
  access: 'staff',
  response: staffListResponse,
});
