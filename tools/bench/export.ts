import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { calls, urlOf, type CallBody } from '@brokerdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { devOutboxMailer } from '../../apps/server/src/mail/mailer.ts';
import { SimulatorPlatform } from '../../apps/server/src/integrations/platform/simulator.ts';
import { staffToken } from './staff-token.ts';
import { postgresTarget } from './targets.ts';

/**
 * `npm run bench:export [-- --clients N]`: exports the whole client list (every one of N clients) and
 * the historical deposits as CSV through the real route and its signed download link, reading the
 * stream as a browser would, and prints the rows, the time and the server's peak memory above its
 * starting point, sampled every 50 ms. Flat memory is the point: a streamed export holds a batch of
 * rows at a time, whatever the list's length.
 */
const { values } = parseArgs({ options: { clients: { type: 'string', default: '1000000' } } });
const clients = Number(values.clients);
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl)
  throw new Error('Run through `npm run bench:export` (it starts PostgreSQL) or set DATABASE_URL.');

const target = await postgresTarget(adminUrl, clients, 'worst');
await target.fill(clients);
const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret');
const app = await buildApp({
  config: loadConfig({ WEB_DIST: '/nonexistent' }),
  database: target.database,
  mailer: devOutboxMailer(target.database.db, systemClock, { info: () => undefined }),
  platforms: [new SimulatorPlatform(target.database.db, systemClock)],
  clock: systemClock,
  secret,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const token = await staffToken(target.database.db, secret);

const { createExport } = calls.exports;
const EXPORTS: ({ name: string } & Pick<CallBody<typeof createExport>, 'list' | 'params'>)[] = [
  { name: 'clients, all', list: 'users', params: { status: 'all' } },
  { name: 'deposits, historical', list: 'funding', params: { type: 'deposit', status: 'historical' } },
];
console.log(`\nCSV exports on ${target.label}: ${clients.toLocaleString('en')} clients\n`);
console.log(['export', 'rows', 'MB', 'seconds', 'peak memory above start (MB)'].join('\t'));
for (const e of EXPORTS) {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  const body: CallBody<typeof createExport> = {
    list: e.list,
    params: e.params,
    request: { page: 1, sizePerPage: 50 },
  };
  const made = await fetch(base + urlOf(createExport), {
    method: createExport.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!made.ok) throw new Error(`${e.name}: ${made.status} ${await made.text()}`);
  const { url } = createExport.response.parse(await made.json());
  const download = await fetch(base + url);
  if (!download.ok || !download.body) throw new Error(`${e.name}: download ${download.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of download.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(sampler);
  console.log(
    [
      e.name,
      (lines - 1).toLocaleString('en'),
      (bytes / 1e6).toFixed(0),
      ((performance.now() - t0) / 1000).toFixed(1),
      ((peak - start) / 1e6).toFixed(0),
    ].join('\t'),
  );
}
await app.close();
await target.close();
