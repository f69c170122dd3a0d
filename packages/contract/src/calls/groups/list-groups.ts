import { defineCall } from '../../call.ts';
import { groupsResponse } from '../../groups.ts';

/** Every group, in one call (docs/product.md [calls.groups]). */
export const listGroups = defineCall({
  summary: 'Lists every trading group.',
  method: 'GET',
  path: '/api/admin/groups/getGroups',
  access: 'staff',
  response: groupsResponse,
});
