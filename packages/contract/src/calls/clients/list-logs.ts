import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { logsResponse } from '../../clients.ts';

/** The client log card: every entry of a client's log (docs/product.md [calls.clients]). */
export const listLogs = defineCall({
  summary: "Lists every entry of a client's log.",
  method: 'GET',
  path: '/api/admin/users/logs/:userId',
  access: 'staff',
  actsOnParam: 'userId',
  params: z.object({ userId: idSchema }),
  response: logsResponse,
});
