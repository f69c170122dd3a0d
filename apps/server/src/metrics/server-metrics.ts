import pg from 'pg';
import { sql } from 'drizzle-orm';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Clock } from '../lib/clock.ts';

/** Outbox states that are not settled yet (platform_operations.state). */
const UNSETTLED = ['queued', 'running'] as const;

/**
 * The server's Prometheus metrics (docs/product.md [prod.metrics]), in a registry of its own so that
 * several apps in one process (tests) never share series. Request durations are observed as they
 * happen; the outbox, the platform lights, live streams and the pool are read when Prometheus scrapes,
 * with one small query each for the outbox and the platform status (both use small tables or a partial
 * index of unsettled operations).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private liveStreams: () => number = () => 0;
  /** The outbox query of the scrape under way: both outbox gauges read it (prom-client collects in parallel). */
  private outboxRead: ReturnType<ServerMetrics['outbox']> | undefined;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern (not the raw URL), method and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const streams = () => this.liveStreams();
    new Gauge({
      name: 'live_update_streams',
      help: 'Live-update (server-sent events) streams open on this process.',
      registers,
      collect() {
        this.set(streams());
      },
    });
    const outbox = () => this.readOutbox();
    new Gauge({
      name: 'platform_operations',
      help: 'Platform operations (the outbox) not yet settled, by state.',
      labelNames: ['state'],
      registers,
      async collect() {
        const o = await outbox();
        for (const state of UNSETTLED) this.set({ state }, o.count[state]);
      },
    });
    new Gauge({
      name: 'platform_operations_oldest_unsettled_age_seconds',
      help: 'Age of the oldest queued or running platform operation (0 when none).',
      registers,
      async collect() {
        this.set((await outbox()).oldestAge);
      },
    });
    const platforms = () => this.platforms();
    new Gauge({
      name: 'platform_up',
      help: 'Whether the trading platform answered its last status check (1) or not (0).',
      labelNames: ['platform'],
      registers,
      async collect() {
        this.reset();
        for (const p of await platforms()) this.set({ platform: p.platform }, p.up ? 1 : 0);
      },
    });
    new Gauge({
      name: 'platform_last_working_timestamp_seconds',
      help: 'When the trading platform last answered a status check (Unix time).',
      labelNames: ['platform'],
      registers,
      async collect() {
        this.reset();
        for (const p of await platforms())
          if (p.lastWorking) this.set({ platform: p.platform }, p.lastWorking);
      },
    });
    const pool = this.pool();
    if (pool) {
      new Gauge({
        name: 'db_pool_clients',
        help: 'PostgreSQL pool: connections (total, idle) and queries waiting for one (waiting).',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
      new Gauge({
        name: 'db_pool_max_clients',
        help: 'PostgreSQL pool: the most connections it opens.',
        registers,
      }).set(pool.options.max ?? 10);
    }
  }

  /** One answered request; `route` is the matched pattern ('unmatched' for none), never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /** Where the open live-update streams are counted (the app's EventHub). */
  countLiveStreams(count: () => number): void {
    this.liveStreams = count;
  }

  private readOutbox() {
    this.outboxRead ??= this.outbox().finally(() => (this.outboxRead = undefined));
    return this.outboxRead;
  }

  private async outbox() {
    const r = await this.database.db.execute(sql`
      select state, count(*)::int as "n", min(created_at)::float8 as "oldest"
      from platform_operations where state in ('queued', 'running') group by state`);
    const rows = rowsOf<{ state: string; n: number; oldest: number }>(r);
    const count = { queued: 0, running: 0 };
    for (const row of rows) if (row.state === 'queued' || row.state === 'running') count[row.state] = row.n;
    const first = Math.min(...rows.map((row) => Number(row.oldest)));
    return { count, oldestAge: rows.length > 0 ? Math.max(0, this.clock.now() - first) : 0 };
  }

  private async platforms() {
    const r = await this.database.db.execute(
      sql`select platform, status, last_working::float8 as "lastWorking" from platform_status`,
    );
    return rowsOf<{ platform: string; status: string; lastWorking: number | null }>(r).map((p) => ({
      platform: p.platform,
      up: p.status === 'OK',
      lastWorking: p.lastWorking === null ? null : Number(p.lastWorking),
    }));
  }

  private pool(): pg.Pool | null {
    const client = (this.database.db as unknown as { $client: unknown }).$client;
    return client instanceof pg.Pool ? client : null;
  }
}
