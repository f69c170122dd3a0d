import { z } from 'zod';
import { REQUEST_KIND_TOPICS } from './request-kinds.ts';

/**
 * Live updates: one server-sent-events stream per signed-in browser tab, read with fetch so that it
 * carries the Authorization header like every other call (EventSource cannot send one, and a session
 * token never goes into a URL). The stream says *what* changed, never the data: the web refetches the
 * calls it already makes, with their own permissions. The call is calls.events.openLiveEvents.
 */

/** What can change, named after the table that changed: every request kind's table, and these. */
export const LIVE_TOPICS = [
  'users',
  ...REQUEST_KIND_TOPICS,
  'platform_status',
  /** A critical reconciliation mismatch found or acknowledged (the Reconciliation badge). */
  'reconciliation_alerts',
  /** An alert raised, assigned or resolved (the Alerts badge and screen, the lists' flags). */
  'alerts',
] as const;
export const liveTopicSchema = z.enum(LIVE_TOPICS);
export type LiveTopic = z.infer<typeof liveTopicSchema>;

/** The stream's event names (the SSE `event:` field). */
export const LIVE_EVENTS = {
  /** First event: the stream listens; anything that changes from now on is reported. */
  ready: 'ready',
  /** Something changed; several changes close together come as one event. */
  change: 'change',
  /** The server ends the stream: the session is over, or the server is stopping. */
  end: 'end',
} as const;

export const liveReadySchema = z.object({
  /** A comment line comes at least this often; a quiet stream for much longer is dead. */
  heartbeatMs: z.number().int().positive(),
});
export const liveChangeSchema = z.object({ topics: z.array(liveTopicSchema) });
export type LiveChange = z.infer<typeof liveChangeSchema>;
export const liveEndSchema = z.object({
  /** session: signed out, expired or ended (do not reconnect); shutdown/unavailable: try again later. */
  reason: z.enum(['session', 'shutdown', 'unavailable']),
});
export type LiveEnd = z.infer<typeof liveEndSchema>;

/** At most this many open streams per session (browser tabs); one more answers 429. */
export const LIVE_STREAMS_PER_SESSION = 8;
/**
 * While the stream is open, the polls of docs/product.md [calls.sign-in] slow to this safety net; they resume
 * when it drops.
 */
export const LIVE_SAFETY_POLL_MS = 60_000;
