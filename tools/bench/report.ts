import { calls, urlOf } from '@brokerdesk/contract';
import { CASES } from './cases.ts';
import { httpLatency } from './measure.ts';
import { benchServer } from './bench-server.ts';

/**
 * `npm run bench:report [-- --clients N]`: a monthly report over the whole book, made through its call
 * (calls.reports.runReportNow, for the last whole month, in UTC) on N clients and 5N funding rows, and a
 * list call (the pending deposits) measured at rest and while reports are made one after another. Budget
 * (docs/performance.md "Scheduled reports"): the report within 30 s, the list's p95 within its 50 ms.
 */
const { clients, target, app, base, token } = await benchServer('bench:report');

async function send<T>(def: { method: 'GET' | 'POST' }, url: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method: def.method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

// The bench's SYSOP subscribes themself to the monthly report in UTC.
const me = await send<{ _id: string }>(calls.auth.getMe, urlOf(calls.auth.getMe));
const { subscribeReport, runReportNow } = calls.reports;
const sub = await send<{ _id: string }>(subscribeReport, urlOf(subscribeReport), {
  staffId: me._id,
  frequency: 'monthly',
  timeZone: 'UTC',
}).catch(async () => {
  const all = await send<{
    subscriptions: { _id: string; staffId: string; frequency: string; cancelledAt: number | null }[];
  }>(calls.reports.listReportSubscriptions, urlOf(calls.reports.listReportSubscriptions));
  return all.subscriptions.find((s) => s.staffId === me._id && s.cancelledAt === null)!;
});
const lastMonth = new Date();
lastMonth.setUTCDate(1);
lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
const day = lastMonth.toISOString().slice(0, 10);

const list = CASES.find((c) => c.name.startsWith('deposit/pending'))!;
const seconds = 10;
console.log(
  `\nMonthly report on ${target.label}: ${clients.toLocaleString('en')} clients, ${(5 * clients).toLocaleString('en')} funding rows\n`,
);
const rest = await httpLatency(base + list.path, token, list, 1, seconds);
// The list measured while reports are made one after another, for the whole measurement.
let measuring = true;
const during = httpLatency(base + list.path, token, list, 1, seconds, 0).finally(() => (measuring = false));
const times: number[] = [];
let report: { status: string; period: { label: string } } | undefined;
do {
  const t0 = performance.now();
  report = await send(runReportNow, urlOf(runReportNow), { subscriptionId: sub._id, day });
  times.push((performance.now() - t0) / 1000);
} while (measuring);
const made = Math.max(...times);
const busy = await during;
console.log(['measure', 'value', 'budget', 'ok'].join('\t'));
console.log(
  [`monthly report, slowest of ${times.length} (s)`, made.toFixed(1), '30', made < 30 ? 'yes' : 'NO'].join(
    '\t',
  ),
);
console.log(
  [`${list.name} p95 at rest (ms)`, rest.p95.toFixed(1), '50', rest.p95 < 50 ? 'yes' : 'NO'].join('\t'),
);
console.log(
  [
    `${list.name} p95 while the report is made (ms)`,
    busy.p95.toFixed(1),
    '50',
    busy.p95 < 50 ? 'yes' : 'NO',
  ].join('\t'),
);
console.log(`\n${report!.period.label}: ${report!.status}`);
await app.close();
await target.close();
