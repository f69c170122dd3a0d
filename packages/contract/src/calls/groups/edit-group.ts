import { defineCall } from '../../call.ts';
import { groupFieldsRequest, groupResponse } from '../../groups.ts';

/** The group modal's save of an existing group (docs/product.md [calls.groups]). */
export const editGroup = defineCall({
  summary: 'Saves changes to a trading group.',
  method: 'POST',
  path: '/api/admin/groups/editGroup',
  access: 'staff',
  body: groupFieldsRequest,
  response: groupResponse,
});
