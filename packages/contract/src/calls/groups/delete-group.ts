import { defineCall } from '../../call.ts';
import { deleteGroupRequest, groupResponse } from '../../groups.ts';

/** Deletes a group (docs/product.md [calls.groups]). */
export const deleteGroup = defineCall({
  summary: 'Deletes a trading group.',
  method: 'POST',
  path: '/api/admin/groups/deleteGroup',
  access: 'staff',
  body: deleteGroupRequest,
  response: groupResponse,
});
