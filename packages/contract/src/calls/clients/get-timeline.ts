import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { timelineQuery, timelineResponse } from '../../client-record.ts';

/** One page of the profile's activity timeline, newest first (path ours). */
export const getTimeline = defineCall({
  summary: "Reads one page of a client's activity timeline, newest first.",
  method: 'GET',
  path: '/api/admin/users/timeline/:id',
  access: 'staff',
  actsOnParam: 'id',
  params: z.object({ id: idSchema }),
  query: timelineQuery,
  response: timelineResponse,
});
