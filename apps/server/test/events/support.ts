import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import {
  calls,
  urlOf,
  type CallDef,
  type CallInput,
  type CallReply,
  type NeedsNoInput,
  type Role,
} from '@brokerdesk/contract';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { SessionService } from '../../src/auth/sessions.ts';
import { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { newId } from '../../src/lib/ids.ts';
import { devOutboxMailer } from '../../src/mail/mailer.ts';
import type { App } from '../../src/http/types.ts';
import { freshPostgresDatabase, openTestDatabase } from '../support/db.ts';

const LIVE_EVENTS_PATH = calls.events.openLiveEvents.path;
/** One event read from the stream. */
export type SseMessage = { event: string; data: string };

const SECRET = new TextEncoder().encode('events-test-secret-events-test-secret!');
const IDLE_SECONDS = 15 * 60;

/**
 * Server instances for the live-updates tests, over real HTTP: one on a fresh test database, or (with
 * TEST_DATABASE_URL) several processes' worth of apps, each with its own connection pool, on one
 * PostgreSQL database. Staff sessions are made by the real session service; the clock is shared and
 * moved by the test.
 */
export async function startInstances(opts: { count?: number; heartbeatMs?: number } = {}) {
  const count = opts.count ?? 1;
  const clock = manualClock(Math.floor(Date.now() / 1000));
  const shared = count === 1 ? await single() : await sharedPostgres(count);
  const dirs: string[] = [];
  const apps: { app: App; base: string }[] = [];
  for (const database of shared.databases) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-events-'));
    dirs.push(dir);
    const app = await buildApp({
      config: loadConfig({
        DATA_DIR: dir,
        WEB_DIST: path.join(dir, 'no-web'),
        PUBLIC_URL: 'http://console.test',
      }),
      database,
      mailer: devOutboxMailer(database.db, clock, { info: () => undefined }),
      platforms: [new SimulatorPlatform(database.db, clock)],
      clock,
      secret: SECRET,
      events: { heartbeatMs: opts.heartbeatMs },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push({ app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  }
  const db = shared.databases[0]!.db;
  const sessions = new SessionService({
    db,
    secret: SECRET,
    clock,
    idleSeconds: IDLE_SECONDS,
    maxSeconds: 12 * 3600,
  });

  /** A staff member with a live session, as after signing in. */
  async function staff(role: Role = 'ADMIN') {
    const id = newId();
    const email = `${id}@events.test`;
    await db.insert(users).values({
      id,
      email,
      name: 'Live',
      surname: 'Staff',
      role,
      status: 'approved',
      emailVerified: true,
      timestamp: clock.now(),
    });
    const token = await sessions.create(
      db,
      { id, name: 'Live', role },
      { deviceType: 'test', browserName: 'events', ip: '127.0.0.1' },
    );
    return { id, token };
  }

  /** A call of the contract to one of the apps, with a staff member's session. */
  async function call<D extends CallDef>(
    base: string,
    def: D,
    token: string,
    ...[input]: NeedsNoInput<D> extends true ? [input?: CallInput<D>] : [input: CallInput<D>]
  ): Promise<{ status: number; body: CallReply<D> }> {
    const { params, query, body } = (input ?? {}) as {
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
    };
    const res = await fetch(base + urlOf(def, { params, query }), {
      method: def.method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as CallReply<D> };
  }

  /** Opens a stream and waits for its `ready`: from then on every committed change is reported. */
  async function openStream(base: string, token: string): Promise<LiveStream> {
    const stream = await connectStream(base, token);
    await stream.next('ready');
    return stream;
  }

  return {
    apps,
    db,
    database: shared.databases[0]!,
    clock,
    staff,
    call,
    openStream,
    /** Stops the apps, which end their open streams (the readers then see `end` and the end of the stream). */
    async stop() {
      for (const { app } of apps) if (app.server.listening) await app.close();
      await shared.close();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    },
  };
}

export type Instances = Awaited<ReturnType<typeof startInstances>>;

async function single(): Promise<{ databases: Database[]; close: () => Promise<void> }> {
  const database = await openTestDatabase();
  return { databases: [database], close: () => database.close() };
}

/** One new PostgreSQL database opened `count` times, as `count` server processes would. */
async function sharedPostgres(count: number): Promise<{ databases: Database[]; close: () => Promise<void> }> {
  const fresh = await freshPostgresDatabase('bd_events');
  if (!fresh) throw new Error('several instances need PostgreSQL (TEST_DATABASE_URL)');
  const databases: Database[] = [];
  for (let i = 0; i < count; i++) databases.push(await openDatabase({ databaseUrl: fresh.url, poolSize: 5 }));
  return {
    databases,
    async close() {
      for (const d of databases) await d.close();
      await fresh.drop();
    },
  };
}

export type LiveStream = {
  status: number;
  /** The next event of this name (earlier events of other names are passed over); fails after `ms`. */
  next: (event: string, ms?: number) => Promise<SseMessage>;
  /**
   * The next `change` event naming `topic`; the topics of the change events passed over on the way
   * (other writes of the test, such as making a staff member) are added to `seen`.
   */
  change: (topic: string, ms?: number, seen?: string[]) => Promise<SseMessage>;
  /** Heartbeat comments received so far. */
  comments: () => number;
  /** Resolves when the server ends the stream; fails after `ms`. */
  ended: (ms?: number) => Promise<void>;
  close: () => void;
};

/** A stream read the way the web reads it: fetch with the Authorization header, parsed as it arrives. */
export async function connectStream(
  base: string,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<LiveStream> {
  const abort = new AbortController();
  const res = await fetch(base + LIVE_EVENTS_PATH, {
    headers: {
      accept: 'text/event-stream',
      'x-background': '1',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    signal: abort.signal,
  });
  const queue: SseMessage[] = [];
  let comments = 0;
  let done = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  const parser = createParser({
    onEvent: (m) => {
      // An event without a name is a "message" (the EventSource rule).
      queue.push({ event: m.event ?? 'message', data: m.data });
      wake();
    },
    onComment: () => {
      comments++;
      wake();
    },
  });
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
          parser.feed(decoder.decode(chunk, { stream: true }));
      } catch {
        // aborted by close()
      }
      done = true;
      wake();
    })();
  } else {
    await res.arrayBuffer();
    done = true;
  }

  /** Resolves once `ready()` holds, re-tested on every arrival; fails after `ms`. */
  const until = <T>(ready: () => T | undefined, ms: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = ready();
        if (value === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} within ${ms} ms`));
      }, ms);
      waiters.add(check);
      check();
    });

  return {
    status: res.status,
    next: (event, ms = 1000) =>
      until(
        () => {
          while (queue.length > 0) {
            const m = queue.shift()!;
            if (m.event === event) return m;
          }
          return done ? (null as never) : undefined;
        },
        ms,
        `'${event}' event`,
      ).then((m) => {
        if (m === null) throw new Error(`the stream ended before a '${event}' event`);
        return m;
      }),
    change: (topic, ms = 1000, seen = []) =>
      until(
        () => {
          while (queue.length > 0) {
            const m = queue.shift()!;
            if (m.event !== 'change') continue;
            const topics = topicsOf(m);
            if (topics.includes(topic)) return m;
            seen.push(...topics);
          }
          return done ? (null as never) : undefined;
        },
        ms,
        `change of ${topic}`,
      ).then((m) => {
        if (m === null) throw new Error(`the stream ended before a change of ${topic}`);
        return m;
      }),
    comments: () => comments,
    ended: (ms = 1000) => until(() => (done ? true : undefined), ms, 'end of stream').then(() => undefined),
    close: () => abort.abort(),
  };
}

/** The topics of a `change` event. */
export const topicsOf = (m: SseMessage): string[] => (JSON.parse(m.data) as { topics: string[] }).topics;

/** Sets a staff member's role as an operator's SQL would (the session then no longer passes). */
export const setRole = (db: Database['db'], id: string, role: Role) =>
  db.update(users).set({ role }).where(eq(users.id, id));
