import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { profileResponse } from '../../clients.ts';

/** A client's profile page: the user and their accounts (docs/product.md [calls.clients]). */
export const getProfile = defineCall({
  summary: "Reads a client's profile: the client and their accounts.",
  method: 'GET',
  path: '/api/admin/users/profile/:id',
  access: 'staff',
  actsOnParam: 'id',
  params: z.object({ id: idSchema }),
  response: profileResponse,
});
