import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/** The channel the notify_change() trigger of migration 0007 sends to; the payload is a table name. */
export const CHANGES_CHANNEL = 'brokerdesk_changes';

export type ChangeListener = {
  /** Stops listening; nothing is reported afterwards. */
  close: () => Promise<void>;
};

export type ListenerEvents = {
  /** A committed change to the named table. */
  onChange: (table: string) => void;
  /** PostgreSQL only: the listening connection dropped; changes are missed until onReconnected. */
  onLost: (err: unknown) => void;
  /** PostgreSQL only: listening again after a loss. */
  onReconnected: () => void;
};

type Log = { warn: (obj: object, msg: string) => void };

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * LISTEN on the changes channel. Embedded PGlite has a single session and delivers notifications to
 * its own listeners (PGlite's `listen`). PostgreSQL gets a connection of its own, outside the pool,
 * made with the pool's settings; when it drops it is made again with backoff.
 */
export async function listenForChanges(
  database: Database,
  events: ListenerEvents,
  log: Log,
): Promise<ChangeListener> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(CHANGES_CHANNEL, events.onChange);
    return { close: () => unlisten() };
  }
  if (client instanceof pg.Pool) return listenOnPostgres(client.options, events, log);
  throw new Error('live updates: unknown database client');
}

async function listenOnPostgres(
  options: pg.PoolConfig,
  events: ListenerEvents,
  log: Log,
): Promise<ChangeListener> {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const c = new pg.Client(options);
    let lost = false;
    const onLost = (err: unknown) => {
      if (lost || closed) return;
      lost = true;
      current = undefined;
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      log.warn({ err }, 'live updates: lost the database listening connection; reconnecting');
      events.onLost(err);
      scheduleRetry();
    };
    c.on('error', onLost);
    c.on('end', () => onLost(new Error('connection ended')));
    c.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && n.payload) events.onChange(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      lost = true;
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      lost = true;
      await c.end().catch(() => undefined);
      return;
    }
    current = c;
    delay = RETRY_MIN_MS;
  };

  const scheduleRetry = () => {
    if (closed) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          if (!closed) events.onReconnected();
        },
        (err: unknown) => {
          log.warn({ err }, 'live updates: could not listen on the database; trying again');
          delay = Math.min(delay * 2, RETRY_MAX_MS);
          scheduleRetry();
        },
      );
    }, delay);
    retry.unref();
  };

  // The first connection must work: the caller reports failure to the stream it was opening.
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = current;
      current = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
