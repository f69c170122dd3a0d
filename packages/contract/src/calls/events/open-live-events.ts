import { defineCall } from '../../call.ts';

/**
 * The live-updates stream of the signed-in staff member (server-sent events: `ready`, then `change`
 * { topics } and `end` { reason }). Read with fetch so that it carries the Authorization header.
 */
export const openLiveEvents = defineCall({
  summary: 'Opens the stream of live updates for the signed-in staff member.',
  method: 'GET',
  path: '/api/other/events',
  access: 'staff',
  produces: 'text/event-stream',
});
