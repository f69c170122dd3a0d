import { calls, urlOf, type CallBody } from '@brokerdesk/contract';
import { benchServer } from './bench-server.ts';

/**
 * `npm run bench:export [-- --clients N]`: exports the whole client list (every one of N clients) and
 * the historical deposits as CSV through the real route and its signed download link, reading the
 * stream as a browser would, and prints the rows, the time and the server's peak memory above its
 * starting point, sampled every 50 ms. Flat memory is the point: a streamed export holds a batch of
 * rows at a time, whatever the list's length.
 */
const { clients, target, app, base, token } = await benchServer('bench:export');

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
