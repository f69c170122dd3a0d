import { z } from 'zod';
import {
  LIVE_EVENTS,
  LIVE_TOPICS,
  calls,
  urlOf,
  liveEndSchema,
  liveReadySchema,
  type LiveTopic,
} from '@brokerdesk/contract';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { clearSession, getToken } from '../session.ts';
import { reconnectDelay } from './reconnect.ts';

/**
 * off: not signed in. connecting: the first stream of this sign-in is being opened. live: changes arrive
 * within a second. down: the stream dropped and is being reopened; the polls run at the spec's periods.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'down';

export type LiveHandlers = {
  /** Something changed on the server. */
  onChange?: (topics: LiveTopic[]) => void;
  /** The stream is open again after a break: anything may have changed meanwhile. */
  onReconnect?: () => void;
};

/** Without a heartbeat for this many periods the stream is taken for dead and reopened. */
const MISSED_HEARTBEATS = 3;
const DEFAULT_HEARTBEAT_MS = 15_000;
/** The abort reason of a stream that went quiet (as opposed to one this tab closed). */
const STALE = 'stale';
const KNOWN_TOPICS = new Set<string>(LIVE_TOPICS);
/** liveChangeSchema, but open to topics added after this build. */
const changeOfAnyTopic = z.object({ topics: z.array(z.string()) });

/**
 * The live-updates stream of this tab: fetch with the Authorization header (EventSource cannot send
 * one, and the token never goes into a URL), read as it arrives, reopened with backoff when it drops.
 * A stream the server ends because the session is over ends the session here too, as a 401 does.
 */
export class LiveConnection {
  private state: LiveStatus = 'off';
  private token: string | null = null;
  private abort: AbortController | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private heartbeatMs = DEFAULT_HEARTBEAT_MS;
  private failures = 0;
  private wasLive = false;
  private readonly statusListeners = new Set<() => void>();
  private readonly handlers = new Set<LiveHandlers>();

  constructor(private readonly open: typeof fetch = (...args) => fetch(...args)) {}

  get status(): LiveStatus {
    return this.state;
  }

  /** Keeps a stream open for this token (a new token replaces the old stream). */
  start(token: string): void {
    if (this.token === token && this.state !== 'off') return;
    this.stop();
    this.token = token;
    this.wasLive = false;
    this.failures = 0;
    this.setStatus('connecting');
    void this.connect(token);
  }

  stop(): void {
    this.token = null;
    this.abort?.abort();
    this.abort = undefined;
    clearTimeout(this.retry);
    clearTimeout(this.watchdog);
    this.setStatus('off');
  }

  subscribeStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  subscribe(handlers: LiveHandlers): () => void {
    this.handlers.add(handlers);
    return () => this.handlers.delete(handlers);
  }

  private setStatus(next: LiveStatus): void {
    if (this.state === next) return;
    this.state = next;
    for (const listener of this.statusListeners) listener();
  }

  private async connect(token: string): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    let sessionOver = false;
    try {
      const response = await this.open(urlOf(calls.events.openLiveEvents), {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, 'X-Background': '1' },
        cache: 'no-store',
        signal: abort.signal,
      });
      if (response.status === 401) {
        sessionOver = true;
      } else if (response.ok && response.body) {
        sessionOver = await this.read(response.body, abort);
      } else {
        await response.body?.cancel();
      }
    } catch {
      // Network trouble or our own abort: decided below.
    }
    const closedHere = abort.signal.aborted && abort.signal.reason !== STALE;
    if (closedHere || this.token !== token) return;
    this.abort = undefined;
    clearTimeout(this.watchdog);
    if (sessionOver) {
      this.stop();
      if (getToken() === token) clearSession();
      return;
    }
    this.setStatus(this.wasLive ? 'down' : 'connecting');
    this.retry = setTimeout(() => void this.connect(token), reconnectDelay(this.failures++));
  }

  /** Reads until the stream ends; true when the server ended it because the session is over. */
  private async read(body: ReadableStream<Uint8Array>, abort: AbortController): Promise<boolean> {
    let sessionOver = false;
    const parser = createParser({
      onEvent: (message) => {
        if (this.handle(message) === 'session') sessionOver = true;
      },
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    this.armWatchdog(abort);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      this.armWatchdog(abort);
      parser.feed(decoder.decode(value, { stream: true }));
    }
    return sessionOver;
  }

  private handle(message: EventSourceMessage): 'session' | undefined {
    const data = safeJson(message.data);
    if (message.event === LIVE_EVENTS.ready) {
      const ready = liveReadySchema.safeParse(data);
      if (ready.success) this.heartbeatMs = ready.data.heartbeatMs;
      this.failures = 0;
      const reconnected = this.wasLive;
      this.wasLive = true;
      this.setStatus('live');
      if (reconnected) for (const h of this.handlers) h.onReconnect?.();
    } else if (message.event === LIVE_EVENTS.change) {
      // A topic this build does not know (a newer server) is no reason to drop the others.
      const change = changeOfAnyTopic.safeParse(data);
      const known = change.success
        ? change.data.topics.filter((t): t is LiveTopic => KNOWN_TOPICS.has(t))
        : [];
      if (known.length > 0) for (const h of this.handlers) h.onChange?.(known);
    } else if (message.event === LIVE_EVENTS.end) {
      const end = liveEndSchema.safeParse(data);
      if (end.success && end.data.reason === 'session') return 'session';
    }
    return undefined;
  }

  private armWatchdog(abort: AbortController): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => abort.abort(STALE), this.heartbeatMs * MISSED_HEARTBEATS);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
