import { LIVE_EVENTS, LIVE_STREAMS_PER_SESSION, LIVE_TOPICS, type LiveEnd } from '@brokerdesk/contract';
import type { Database } from '../../db/client.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { AppError, TooMany, Unavailable } from '../../http/errors.ts';
import { listenForChanges, type ChangeListener } from './listener.ts';

/** Where a stream's text goes (the HTTP response). */
export type StreamSink = { write: (chunk: string) => void; end: () => void };

export type EventHubOptions = {
  database: Database;
  /** The session rules of every call (auth/sessions.ts), asked again while a stream stays open. */
  authenticate: (token: string) => Promise<StaffContext>;
  log: { warn: (obj: object, msg: string) => void };
  /** A comment line this often keeps proxies from closing a quiet stream; sessions are re-checked too. */
  heartbeatMs?: number;
  /** Changes closer together than this go out as one event. */
  coalesceMs?: number;
  /** Topics beyond LIVE_TOPICS: the tables of request kinds the contract does not name (a test's). */
  topics?: readonly string[];
};

type Subscriber = { sessionId: string; token: string; sink: StreamSink };

export const HEARTBEAT_MS = 15_000;
const COALESCE_MS = 50;
/** Revocations are re-checked at once, but never more often than this. */
const RECHECK_MIN_MS = 500;
/** Browsers reconnect after this when a stream breaks (the web client also backs off on its own). */
const RETRY_MS = 2_000;

const SESSIONS_TABLE = 'sessions';

export const sseEvent = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The live-updates streams of one server process. Committed changes arrive from the database
 * (listener.ts), so a change made through any server process, or by any other writer, reaches every
 * stream of every process. Each stream stays open only while its session would still be accepted.
 */
export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private listener: ChangeListener | undefined;
  private starting: Promise<ChangeListener> | undefined;
  /** False between a lost database connection and its return (PostgreSQL only). */
  private listening = false;
  private closed = false;
  private readonly pending = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private recheckWanted = false;
  private recheckTimer: NodeJS.Timeout | undefined;
  private rechecking: Promise<void> | undefined;
  private lastRecheck = 0;
  readonly heartbeatMs: number;
  private readonly coalesceMs: number;

  private readonly topics: ReadonlySet<string>;

  constructor(private readonly opts: EventHubOptions) {
    this.topics = new Set<string>([...LIVE_TOPICS, ...(opts.topics ?? [])]);
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
    this.coalesceMs = opts.coalesceMs ?? COALESCE_MS;
  }

  /**
   * Opens a stream for a signed-in staff member: it starts listening on the database if nothing did yet,
   * and answers `ready` once changes are being listened for. Returns the way to close it.
   */
  async open(staff: { sessionId: string; token: string }, sink: StreamSink): Promise<() => void> {
    if (this.closed) throw new Unavailable('The server is stopping.');
    const open = [...this.subscribers].filter((s) => s.sessionId === staff.sessionId).length;
    if (open >= LIVE_STREAMS_PER_SESSION) throw new TooMany();
    await this.ensureListening();
    if (this.closed) throw new Unavailable('The server is stopping.');
    const subscriber: Subscriber = { ...staff, sink };
    this.subscribers.add(subscriber);
    this.startHeartbeat();
    sink.write(`retry: ${RETRY_MS}\n\n` + sseEvent(LIVE_EVENTS.ready, { heartbeatMs: this.heartbeatMs }));
    return () => this.drop(subscriber);
  }

  /** How many streams are open on this process (operations, tests). */
  get size(): number {
    return this.subscribers.size;
  }

  /** Ends every stream (the server is stopping) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of [this.flushTimer, this.heartbeat, this.recheckTimer]) if (timer) clearTimeout(timer);
    this.endAll('shutdown');
    const listener = this.listener ?? (await this.starting?.catch(() => undefined));
    this.listener = undefined;
    await listener?.close();
    await this.rechecking;
  }

  private async ensureListening(): Promise<void> {
    if (this.listener) {
      if (!this.listening) throw new Unavailable('Live updates are unavailable for the moment.');
      return;
    }
    this.starting ??= listenForChanges(
      this.opts.database,
      {
        onChange: (table) => this.changed(table),
        onLost: () => {
          this.listening = false;
          // Changes would be missed from now on: the browsers fall back to polling and come back later.
          this.endAll('unavailable');
        },
        onReconnected: () => (this.listening = true),
      },
      this.opts.log,
    );
    try {
      const listener = await this.starting;
      if (!this.listener) {
        this.listener = listener;
        this.listening = true;
      }
    } catch (err) {
      this.starting = undefined;
      this.opts.log.warn({ err }, 'live updates: could not listen on the database');
      throw new Unavailable('Live updates are unavailable for the moment.');
    }
  }

  private changed(table: string): void {
    if (this.closed) return;
    if (table === SESSIONS_TABLE) this.requestRecheck();
    if (!this.topics.has(table)) return;
    this.pending.add(table);
    this.flushTimer ??= setTimeout(() => this.flush(), this.coalesceMs);
  }

  private flush(): void {
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    const chunk = sseEvent(LIVE_EVENTS.change, { topics: [...this.pending] });
    this.pending.clear();
    for (const s of this.subscribers) s.sink.write(chunk);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const s of this.subscribers) s.sink.write(': ping\n\n');
      this.requestRecheck();
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private drop(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    if (this.subscribers.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private end(subscriber: Subscriber, reason: LiveEnd['reason']): void {
    this.drop(subscriber);
    subscriber.sink.write(sseEvent(LIVE_EVENTS.end, { reason }));
    subscriber.sink.end();
  }

  private endAll(reason: LiveEnd['reason']): void {
    for (const s of [...this.subscribers]) this.end(s, reason);
  }

  /** Re-checks every open stream's session soon: at once, or when the last check is far enough back. */
  private requestRecheck(): void {
    if (this.closed || this.subscribers.size === 0) return;
    if (this.rechecking || this.recheckTimer) {
      this.recheckWanted = true;
      return;
    }
    const wait = Math.max(0, this.lastRecheck + RECHECK_MIN_MS - Date.now());
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = undefined;
      this.rechecking = this.recheck().finally(() => {
        this.rechecking = undefined;
        if (this.recheckWanted) {
          this.recheckWanted = false;
          this.requestRecheck();
        }
      });
    }, wait);
  }

  /** Ends the streams of sessions that would no longer be accepted (ended, expired, idle, demoted). */
  private async recheck(): Promise<void> {
    this.lastRecheck = Date.now();
    const byToken = new Map<string, Subscriber[]>();
    for (const s of this.subscribers) byToken.set(s.token, [...(byToken.get(s.token) ?? []), s]);
    await Promise.all(
      [...byToken].map(async ([token, subs]) => {
        try {
          await this.opts.authenticate(token);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 401) {
            for (const s of subs) this.end(s, 'session');
          } else {
            // The database did not answer: keep the stream, the next check decides.
            this.opts.log.warn({ err }, 'live updates: could not re-check a session');
          }
        }
      }),
    );
  }
}
