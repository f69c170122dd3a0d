import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { clientApplicationResponse } from '../../clients.ts';

/**
 * The answers a client gave in their application (docs/product.md [calls.clients] getClientApplicationData).
 */
export const getApplication = defineCall({
  summary: 'Reads the answers a client gave in their application.',
  method: 'GET',
  path: '/api/admin/users/getClientApplicationData/:id',
  access: 'staff',
  actsOnParam: 'id',
  params: z.object({ id: idSchema }),
  response: clientApplicationResponse,
});
