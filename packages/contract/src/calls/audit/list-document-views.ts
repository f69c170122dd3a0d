import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { documentViewsResponse } from '../../audit.ts';

/** The profile's Documents viewed card: who was handed or opened which of a client's documents. */
export const listDocumentViews = defineCall({
  summary: "Lists who was handed or opened each of a client's documents.",
  method: 'GET',
  path: '/api/admin/users/documentViews/:userId',
  access: 'staff',
  actsOnParam: 'userId',
  params: z.object({ userId: idSchema }),
  response: documentViewsResponse,
});
