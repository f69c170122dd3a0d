import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, calls, urlOf } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { platformOperations, platformStatus } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function series(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe(`Prometheus metrics on their own listener (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('ops@metrics.test', { app: { metrics: true } }));
    clientId = await t.createUser({ email: 'client@metrics.test', role: 'USER' });
  });
  afterAll(() => t.stop());

  const scrape = async () => {
    const res = await fetch(t.metricsUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('serves GET /metrics only, on a port apart from the console', async () => {
    expect(new URL(t.metricsUrl!).port).not.toBe(new URL(t.base).port);
    expect((await fetch(t.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
    // On the console's port /metrics is only a page path of the web app.
    expect(String((await t.send('GET', '/metrics')).body)).not.toContain('process_cpu');
  });

  it('has the process metrics', async () => {
    const text = await scrape();
    expect(series(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(series(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    const profile = await t.call(calls.clients.getProfile, { params: { id: clientId } }, t.auth(token));
    expect(profile.status).toBe(200);
    expect((await t.raw(calls.clients.getProfile, { params: { id: clientId } })).status).toBe(401);
    expect((await t.send('GET', `${API_PREFIX}no/such/call?x=1`)).status).toBe(404);
    const text = await scrape();
    const count = (labels: string) => series(text, `http_request_duration_seconds_count{${labels}}`);
    expect(count(`method="GET",route="${calls.clients.getProfile.path}",status_code="200"`)).toBe(1);
    expect(count(`method="GET",route="${calls.clients.getProfile.path}",status_code="401"`)).toBe(1);
    expect(count('method="GET",route="unmatched",status_code="404"')).toBe(1);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/admin\/users\/profile\/:id",status_code="200"\} /m,
    );
    expect(text).not.toContain(clientId);
    expect(text).not.toContain(`${API_PREFIX}no/such`);
  });

  it('counts unsettled platform operations by state and the age of the oldest, at scrape time', async () => {
    let text = await scrape();
    expect(series(text, 'platform_operations{state="queued"}')).toBe(0);
    expect(series(text, 'platform_operations_oldest_unsettled_age_seconds')).toBe(0);
    const now = t.clock.now();
    const op = (state: string, age: number, login: number) => ({
      id: newId(),
      idempotencyKey: `metrics:${state}:${login}`,
      baseKey: `metrics:${state}:${login}`,
      kind: 'balance',
      login,
      payload: {},
      state,
      nextAttemptAt: now,
      createdAt: now - age,
      updatedAt: now - age,
    });
    await t.db
      .insert(platformOperations)
      .values([
        op('queued', 100, 900_001),
        op('queued', 40, 900_002),
        op('running', 30, 900_003),
        op('succeeded', 5_000, 900_004),
      ]);
    text = await scrape();
    expect(series(text, 'platform_operations{state="queued"}')).toBe(2);
    expect(series(text, 'platform_operations{state="running"}')).toBe(1);
    expect(series(text, 'platform_operations_oldest_unsettled_age_seconds')).toBe(100);
    t.clock.advance(20);
    expect(series(await scrape(), 'platform_operations_oldest_unsettled_age_seconds')).toBe(120);
  });

  it('shows the platform status from its last check', async () => {
    const now = t.clock.now();
    await t.db
      .insert(platformStatus)
      .values({ platform: 'MT5', status: 'OK', lastWorking: now, checkedAt: now });
    let text = await scrape();
    expect(series(text, 'platform_up{platform="MT5"}')).toBe(1);
    expect(series(text, 'platform_last_working_timestamp_seconds{platform="MT5"}')).toBe(now);
    await t.db
      .update(platformStatus)
      .set({ status: 'Unavailable' })
      .where(eq(platformStatus.platform, 'MT5'));
    text = await scrape();
    expect(series(text, 'platform_up{platform="MT5"}')).toBe(0);
  });

  it('counts open live-update streams', async () => {
    expect(series(await scrape(), 'live_update_streams')).toBe(0);
    const abort = new AbortController();
    const res = await fetch(t.base + urlOf(calls.events.openLiveEvents), {
      headers: { authorization: `Bearer ${token}`, 'x-background': '1' },
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
    expect(series(await scrape(), 'live_update_streams')).toBe(1);
    abort.abort();
    // The server hears of the closed stream a moment later (later still on a busy machine): poll for it.
    await expect.poll(async () => series(await scrape(), 'live_update_streams'), { timeout: 10_000 }).toBe(0);
  });

  it('shows the database pool on PostgreSQL', async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') {
      expect(series(text, 'db_pool_clients{state="total"}')).toBeGreaterThan(0);
      expect(series(text, 'db_pool_clients{state="waiting"}')).toBe(0);
      expect(series(text, 'db_pool_max_clients')).toBe(5);
    } else {
      // PGlite is one in-process session: there is no pool.
      expect(text).not.toContain('db_pool_clients');
    }
  });
});
