import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { userListStatusSchema, usersListRequest, usersListResponse } from '../../clients.ts';

/**
 * One server page of a users list tab (docs/product.md [calls.clients]: all, leads, approved, pending,
 * rejected).
 */
export const pageUsers = defineCall({
  summary: 'Reads one page of a client list tab, sorted and filtered.',
  method: 'POST',
  path: '/api/admin/users/list/paginated/:status',
  access: 'staff',
  params: z.object({ status: userListStatusSchema }),
  body: usersListRequest,
  response: usersListResponse,
});
