import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { calls, LIVE_STREAMS_PER_SESSION, LIVE_EVENTS, urlOf } from '@brokerdesk/contract';
import { deposits, sessions } from '../../src/db/schema.ts';
import { PlatformChecker } from '../../src/integrations/platform/checker.ts';
import type { TradingPlatform } from '../../src/integrations/platform/types.ts';
import { newId } from '../../src/lib/ids.ts';
import { testDbKind } from '../support/db.ts';
import { addClient } from '../support/desk.ts';
import { connectStream, setRole, startInstances, topicsOf, type Instances } from './support.ts';

/** Streams re-check their sessions on every heartbeat; a short one keeps these tests quick. */
const HEARTBEAT_MS = 200;

describe(`live updates over server-sent events (${testDbKind})`, () => {
  let t: Instances;
  let base: string;
  let clientId: string;

  beforeAll(async () => {
    t = await startInstances({ heartbeatMs: HEARTBEAT_MS });
    base = t.apps[0]!.base;
    clientId = await addClient(t, 'Carla', 'Client');
  });
  afterAll(() => t.stop());

  /** A deposit as the client portal writes it: a row committed to the shared database. */
  async function newDeposit(status = 'pending', at = t.clock.now()) {
    const id = newId();
    await t.db.transaction(async (tx) => {
      await tx.insert(deposits).values({
        id,
        userId: clientId,
        timestamp: at,
        transactionId: `TX-${id.slice(-6)}`,
        depositCurrency: 'USD',
        depositAmountSent: 250,
        accountNumber: 500100,
        status,
      });
    });
    return id;
  }

  it('answers a text/event-stream that starts with ready, for a live session only', async () => {
    const { token } = await t.staff();
    const stream = await connectStream(base, token);
    expect(stream.status).toBe(200);
    const ready = await stream.next(LIVE_EVENTS.ready);
    expect(JSON.parse(ready.data)).toEqual({ heartbeatMs: HEARTBEAT_MS });
    stream.close();

    expect((await connectStream(base, null)).status).toBe(401);
    expect((await connectStream(base, 'not-a-token')).status).toBe(401);
    // The token never goes in the URL: a query parameter is not a credential.
    const inUrl = await fetch(base + urlOf(calls.events.openLiveEvents, { query: { token } }));
    expect(inUrl.status).toBe(401);
    await inUrl.arrayBuffer();
  });

  it('brings a new deposit to an open stream within a second, and the notice and counter follow', async () => {
    const { token } = await t.staff();
    const stream = await t.openStream(base, token);
    const before = await t.call(base, calls.system.countNewRequests, token);

    t.clock.advance(1);
    await newDeposit('pending');
    await stream.change('deposits', 1000);

    // What the web refetches on that event: the new-deposit notice and the Deposits badge.
    const notice = await t.call(base, calls.system.checkNewDeposits, token);
    expect(notice.body).toEqual({ notify: true });
    const after = await t.call(base, calls.system.countNewRequests, token);
    expect(after.body.newDeposits).toBe(before.body.newDeposits + 1);
  });

  it("brings a change made through the API by one staff member to another's stream", async () => {
    const watcher = await t.staff();
    const actor = await t.staff();
    const incomplete = await newDeposit('incomplete');
    const stream = await t.openStream(base, watcher.token);

    const r = await t.call(base, calls.funding.updateDeposit, actor.token, {
      body: { deposit: { _id: incomplete, status: 'pending', comment: 'Proof of payment received.' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await stream.change('deposits', 1000);
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, incomplete));
    expect(row!.status).toBe('pending');
  });

  it('reports a platform light that changes colour, and stays quiet while it keeps its colour', async () => {
    const { token } = await t.staff();
    const stream = await t.openStream(base, token);
    let health: { ok: true } | { ok: false; reason: string } = { ok: false, reason: 'Connection refused' };
    const platform = { name: 'MT5', status: async () => health } as unknown as TradingPlatform;
    const checker = new PlatformChecker(t.db, [platform], t.clock, { warn: () => undefined });

    await checker.checkOnce();
    await stream.change('platform_status');
    health = { ok: true };
    await checker.checkOnce();
    await stream.change('platform_status');
    const lights = await t.call(base, calls.system.listPlatformStatuses, token);
    expect(lights.body.find((l) => 'platform' in l && l.platform === 'MT5')?.status).toBe('OK');

    // Still OK: the checker's write changes no light, so nothing about platforms comes before the deposit.
    t.clock.advance(5);
    await checker.checkOnce();
    await newDeposit();
    const seen: string[] = [];
    const change = await stream.change('deposits', 1000, seen);
    expect([...seen, ...topicsOf(change)]).not.toContain('platform_status');
  });

  it('sends heartbeats while nothing changes', async () => {
    const { token } = await t.staff();
    const stream = await t.openStream(base, token);
    const start = stream.comments();
    const deadline = Date.now() + 5 * HEARTBEAT_MS;
    while (stream.comments() < start + 2) {
      expect(Date.now(), 'two heartbeats within five periods').toBeLessThan(deadline);
      await stream.next('never', HEARTBEAT_MS).catch(() => undefined);
    }
  });

  it('ends the stream within a second when the session is signed out', async () => {
    const { token } = await t.staff();
    const stream = await t.openStream(base, token);
    const other = await t.openStream(base, (await t.staff()).token);
    expect((await t.call(base, calls.auth.logout, token)).status).toBe(200);
    const end = await stream.next(LIVE_EVENTS.end, 1000);
    expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
    await stream.ended(1000);
    // Another staff member's stream stays open and keeps receiving changes.
    await newDeposit();
    await other.change('deposits');
  });

  it('ends the stream when the session goes idle or the role is lowered', async () => {
    const idle = await t.staff();
    const createdAt = t.clock.now();
    // Opening the stream later is not activity (the web opens it with X-Background: 1).
    t.clock.advance(60);
    const idleStream = await t.openStream(base, idle.token);
    const demoted = await t.staff();
    const demotedStream = await t.openStream(base, demoted.token);
    await setRole(t.db, demoted.id, 'MODERATOR');
    expect(JSON.parse((await demotedStream.next(LIVE_EVENTS.end, 2000)).data)).toEqual({
      reason: 'session',
    });

    // Nor is keeping it open: 15 minutes after the last real call, the session ends and so does the stream.
    t.clock.advance(15 * 60 - 60);
    expect(JSON.parse((await idleStream.next(LIVE_EVENTS.end, 2000)).data)).toEqual({ reason: 'session' });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, idle.id));
    expect(row!.lastActiveAt).toBe(createdAt);
  });

  it(`refuses more than ${LIVE_STREAMS_PER_SESSION} streams for one session`, async () => {
    const { token } = await t.staff();
    for (let i = 0; i < LIVE_STREAMS_PER_SESSION; i++) await t.openStream(base, token);
    const extra = await connectStream(base, token);
    expect(extra.status).toBe(429);
  });

  it('ends open streams when the server stops, so it stops at once', async () => {
    const other = await startInstances({ heartbeatMs: HEARTBEAT_MS });
    const { token } = await other.staff();
    const stream = await other.openStream(other.apps[0]!.base, token);
    const started = Date.now();
    const closed = other.apps[0]!.app.close();
    expect(JSON.parse((await stream.next(LIVE_EVENTS.end, 2000)).data)).toEqual({ reason: 'shutdown' });
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
    await other.stop();
  });
});

// Several server processes share one PostgreSQL; embedded PGlite belongs to a single process, so on
// PGlite this shows as skipped.
describe.skipIf(!process.env.TEST_DATABASE_URL)('live updates across server processes (postgres)', () => {
  let t: Instances;
  beforeAll(async () => {
    t = await startInstances({ count: 2, heartbeatMs: HEARTBEAT_MS });
  });
  afterAll(() => t.stop());

  it('brings a change made on app A to a stream open on app B within a second', async () => {
    const [a, b] = [t.apps[0]!, t.apps[1]!];
    const watcher = await t.staff();
    const actor = await t.staff();
    const clientId = await addClient(t, 'Ines', 'Incomplete');
    const depositId = newId();
    await t.db.insert(deposits).values({
      id: depositId,
      userId: clientId,
      timestamp: t.clock.now(),
      depositCurrency: 'EUR',
      depositAmountSent: 100,
      accountNumber: 500200,
      status: 'incomplete',
    });
    const onB = await t.openStream(b.base, watcher.token);

    const r = await t.call(a.base, calls.funding.updateDeposit, actor.token, {
      body: { deposit: { _id: depositId, status: 'pending', comment: 'Funds arrived.' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await onB.change('deposits', 1000);
  });

  it('ends a stream on app B when the session is signed out on app A', async () => {
    const [a, b] = [t.apps[0]!, t.apps[1]!];
    const { token } = await t.staff();
    const onB = await t.openStream(b.base, token);
    expect((await t.call(a.base, calls.auth.logout, token)).status).toBe(200);
    expect(JSON.parse((await onB.next(LIVE_EVENTS.end, 1000)).data)).toEqual({ reason: 'session' });
  });

  it('ends its streams when it loses its listening connection, and listens again', async () => {
    const [a, b] = [t.apps[0]!, t.apps[1]!];
    const { token } = await t.staff();
    const onA = await t.openStream(a.base, token);
    // Every listening connection of this database (both apps') is cut, as a database restart would.
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'LISTEN brokerdesk_changes'`);
    expect(JSON.parse((await onA.next(LIVE_EVENTS.end, 2000)).data)).toEqual({ reason: 'unavailable' });

    // Until it listens again a new stream is refused (the browser polls meanwhile); then it works.
    const deadline = Date.now() + 10_000;
    let stream = await connectStream(b.base, token);
    while (stream.status !== 200) {
      expect(stream.status).toBe(503);
      expect(Date.now(), 'listening again within 10 s').toBeLessThan(deadline);
      stream = await connectStream(b.base, token);
    }
    await stream.next(LIVE_EVENTS.ready);
    await t.staff();
    await stream.change('users', 1000);
  });
});
