import { PassThrough } from 'node:stream';
import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import { Unauthorized } from '../../http/errors.ts';
import type { EventHub } from './hub.ts';

/** A stream whose reader stopped reading is cut rather than buffered without end. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * GET /api/other/events: the live-updates stream (text/event-stream) of the signed-in staff member.
 * It is read with fetch and the usual Authorization header; the guard checks the session as for any
 * call, and the hub keeps checking it while the stream is open, never as staff activity. The web opens
 * it with X-Background: 1, so opening it is not activity either. (Not marked `background` itself: that
 * flag means a poll that answers and ends.)
 */
export function eventsRoutes(app: App, deps: { hub: EventHub }): void {
  route(
    app,
    calls.events.openLiveEvents,
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token) throw new Unauthorized();
      const body = new PassThrough();
      const close = await deps.hub.open(
        { sessionId: staff.sessionId, token },
        {
          write: (chunk) => {
            if (body.destroyed || body.writableEnded) return;
            if (body.readableLength > MAX_BUFFERED_BYTES) body.destroy();
            else body.write(chunk);
          },
          end: () => body.end(),
        },
      );
      reply.raw.once('close', close);
      body.once('close', close);
      // Gone while the hub got ready: nobody will read this stream.
      if (req.raw.socket.destroyed) close();
      return reply
        .code(200)
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(body);
    },
    {
      // A HEAD request would open a stream nobody reads.
      exposeHeadRoute: false,
      description: 'Server-sent events: `ready`, then `change` { topics } and `end` { reason }.',
    },
  );
}
