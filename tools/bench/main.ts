import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import {
  SEARCH_PATH,
  fundingListRequest,
  pagedRequestSchema,
  searchRequest,
  userListStatusSchema,
} from '@brokerdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { devOutboxMailer } from '../../apps/server/src/mail/mailer.ts';
import { SimulatorPlatform } from '../../apps/server/src/integrations/platform/simulator.ts';
import { listUsers } from '../../apps/server/src/features/clients/list.ts';
import { listFunding } from '../../apps/server/src/features/funding/list.ts';
import { search } from '../../apps/server/src/features/search/service.ts';
import { CASES, type BenchCase } from './cases.ts';
import { staffToken } from './staff-token.ts';
import { httpLatency, sqlLatency } from './measure.ts';

/**
 * `npm run bench [-- --clients N --seconds S]`: fills PostgreSQL with N clients and 5N funding rows
 (kept between runs when DATABASE_URL names a lasting server), then for every list call and filter its screens offer prints the API's latency at
 * 1 and 16 connections next to the bare SQL of the same page, and a 200-connection load on the lists.
 * Budgets (DESIGN): p95 under 50 ms, API within 1.5x of the SQL, 200 connections without error, p99 under 250 ms.
 */
const { values } = parseArgs({
  options: { clients: { type: 'string', default: '1000000' }, seconds: { type: 'string', default: '5' } },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) throw new Error('Run through `npm run bench` (it starts PostgreSQL) or set DATABASE_URL.');

const here = path.dirname(fileURLToPath(import.meta.url));
const dbName = `bd_bench_${clients}`;
const url = await ensureDatabase(adminUrl, dbName);
const database = await openDatabase({ databaseUrl: url, poolSize: 40 });
const db = database.db;
await fill(db, url);

const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret');
const app = await buildApp({
  config: loadConfig({ DATABASE_URL: url, WEB_DIST: '/nonexistent' }),
  database,
  mailer: devOutboxMailer(db, systemClock, { info: () => undefined }),
  platforms: [new SimulatorPlatform(db, systemClock)],
  clock: systemClock,
  secret,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const token = await staffToken(db, secret);

const sqlClient = new pg.Client({ connectionString: url });
await sqlClient.connect();
console.log(
  `\nBrokerdesk list benchmarks: ${clients.toLocaleString('en')} clients, ${(5 * clients).toLocaleString('en')} funding rows, ${seconds} s per measurement (ms)\n`,
);
console.log(['call', 'api p50', 'api p95', 'api p99', '16c p95', 'sql p95', 'ratio', 'ok'].join('\t'));
let failures = 0;
for (const c of CASES) {
  const one = await httpLatency(base + c.path, token, c.body, 1, seconds);
  const sixteen = await httpLatency(base + c.path, token, c.body, 16, seconds);
  const bare = await sqlLatency(sqlClient, await statementsOf(url, c), Math.max(2, seconds / 2));
  const ratio = one.p95 / bare.p95;
  const ok = one.p95 < 50 && ratio < 1.5 && one.errors === 0 && sixteen.errors === 0;
  if (!ok) failures++;
  console.log(
    [
      c.name,
      f(one.p50),
      f(one.p95),
      f(one.p99),
      f(sixteen.p95),
      f(bare.p95),
      ratio.toFixed(2),
      ok ? 'yes' : 'NO',
    ].join('\t'),
  );
}
const load = await httpLatency(base + CASES[0]!.path, token, CASES[0]!.body, 200, Math.max(10, seconds));
const loadOk = load.errors === 0 && load.p99 < 250;
console.log(
  `\n200 connections on ${CASES[0]!.name}: ${load.requests} requests, ${load.errors} errors, p50 ${f(load.p50)}, p95 ${f(load.p95)}, p99 ${f(load.p99)} -> ${loadOk ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(`${CASES.length - failures} of ${CASES.length} calls within budget`);
await sqlClient.end();
await app.close();
await database.close();

function f(n: number): string {
  return n.toFixed(1);
}

async function ensureDatabase(admin: string, name: string): Promise<string> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  const exists = await c.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Bulk rows once per database; a second run on a lasting DATABASE_URL reuses them. */
async function fill(target: Db, target_url: string): Promise<void> {
  const [row] = rowsOf<{ n: number }>(await target.execute(sql`select count(*)::int as n from users`));
  if ((row?.n ?? 0) >= clients) return;
  const started = Date.now();
  console.log(
    `filling ${dbName} with ${clients.toLocaleString('en')} clients and ${(5 * clients).toLocaleString('en')} funding rows ...`,
  );
  execFileSync(
    'psql',
    [
      target_url,
      '-q',
      '-v',
      `clients=${clients}`,
      '-v',
      `now=${Math.floor(Date.now() / 1000)}`,
      '-f',
      path.join(here, 'fill.sql'),
    ],
    {
      stdio: 'inherit',
    },
  );
  console.log(`filled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The SQL the API runs for a case, captured from the same list function through a logging client. */
async function statementsOf(target: string, c: BenchCase): Promise<{ sql: string; params: unknown[] }[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: target, max: 2 });
  const logging = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (q, p) => captured.push({ sql: q, params: p }) },
  }) as unknown as Db;
  if (c.path.includes('/users/list/')) {
    const status = userListStatusSchema.parse(c.path.split('/').pop());
    await listUsers(logging, status, pagedRequestSchema.parse(c.body));
  } else if (c.path === SEARCH_PATH) {
    await search(logging, searchRequest.parse(c.body).q);
  } else {
    await listFunding(logging, fundingListRequest.parse(c.body));
  }
  await pool.end();
  return captured;
}
