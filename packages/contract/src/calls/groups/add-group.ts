import { defineCall } from '../../call.ts';
import { groupFieldsRequest, groupResponse } from '../../groups.ts';

/** The group modal's save of a new group (docs/product.md [calls.groups]). */
export const addGroup = defineCall({
  summary: 'Adds a trading group.',
  method: 'POST',
  path: '/api/admin/groups/addGroup',
  access: 'staff',
  body: groupFieldsRequest,
  response: groupResponse,
});
