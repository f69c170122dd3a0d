import { defineCall } from '../../call.ts';
import { deleteGroupRequest, groupResponse } from '../../groups.ts';

/** Deletes a group (SPEC 7.5). */
export const deleteGroup = defineCall({
  summary: 'Deletes a trading group.',
  method: 'POST',
  path: '/api/admin/groups/deleteGroup',
  access: 'staff',
  body: deleteGroupRequest,
  response: groupResponse,
});
