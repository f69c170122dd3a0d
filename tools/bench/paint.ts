import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';
import { calls } from '@brokerdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { devOutboxMailer } from '../../apps/server/src/mail/mailer.ts';
import { SimulatorPlatform } from '../../apps/server/src/integrations/platform/simulator.ts';
import { seedDemoData } from '../demo/seed.ts';
import { staffToken } from './staff-token.ts';
import { partsOfFlips, TRACE_CATEGORIES } from './paint-trace.ts';

/**
 * `npm run bench:web [-- --pages 30]`: the web budgets of docs/product.md [perf], measured in Chromium
 * against the production build (`npm run build:web` first) served by the real server on an embedded database
 * with demo data.
 * - bytes on the wire (Chromium's own count, CDP Network.loadingFinished encodedDataLength: compressed
 *   bodies and headers, 0 for what came from the cache) of a cold load (empty cache: the sign-in page,
 *   then the user list; budget 300 KB of JavaScript) and of a warm one (the same pages again: no asset
 *   downloaded again, index.html only revalidated);
 * - paint: for each of N pages of 100 clients (the first opened cold, then flipped from the pager), the
 *   time from the list call's response arriving (Resource Timing responseEnd) to the frame after the
 *   new page's first screen is drawn (budget 100 ms, p50 and p95 of the flips; first-screen.ts) and to
 *   the frame after all 100 rows are in the DOM (shown); and whether any first screen left the
 *   window's bottom empty (must be none).
 */
const { values } = parseArgs({
  // --dist: a build elsewhere (e.g. `vite build --outDir /tmp/x`), to compare chunkings side by side.
  // --trace: also record a Chromium trace of the flips and print where their time went (paint-trace.ts).
  options: {
    pages: { type: 'string', default: '30' },
    dist: { type: 'string' },
    trace: { type: 'boolean', default: false },
    // --trace-out FILE: also keep the trace, for Chromium's DevTools (Performance, "Load profile").
    'trace-out': { type: 'string' },
    // --css: a style sheet turned on for every other page, to measure what a CSS change would save before
    // making it: both halves run under the same machine's noise (reported apart, the A/B line).
    css: { type: 'string' },
  },
});
const pages = Number(values.pages);
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(values.dist ?? path.join(here, '../../apps/web/dist'));
if (!fs.existsSync(path.join(webDist, 'index.html')))
  throw new Error('Build the web app first: npm run build:web');

const database = await openDatabase({});
await seedDemoData(database.db, { clients: 100 * (pages + 2), seed: 7 });
const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret');
const app = await buildApp({
  config: loadConfig({ WEB_DIST: webDist }),
  database,
  mailer: devOutboxMailer(database.db, systemClock, { info: () => undefined }),
  platforms: [new SimulatorPlatform(database.db, systemClock)],
  clock: systemClock,
  secret,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const token = await staffToken(database.db, secret);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const wire = await countWireBytes(page);
  await page.goto(`${base}/login`);
  await page.waitForLoadState('networkidle');
  const signIn = wire.take();
  await page.evaluate(
    (t) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('token', t),
    token,
  );

  // The client list's page call, by the start of its address (its status tab follows).
  const listCall = JSON.stringify(
    calls.clients.pageUsers.path.slice(0, calls.clients.pageUsers.path.indexOf(':')),
  );
  // Browser-side (plain JS, this file is typed for Node): mark the frame in which the table first shows
  // a new page (its first screen: first-screen.ts) and the frame in which all 100 rows are drawn, both
  // timed from the newest list response's end. The response is read from the timeline at that moment: a
  // PerformanceObserver is told later (a low-priority task, often after the render), so it would still
  // hold the previous page's response and count the click in between.
  await page.addInitScript({
    content: `
      window.__paints = [];
      window.__wholes = [];
      // First screens whose rows stopped above the window's bottom (a gap for a frame): must be none.
      window.__gaps = 0;
      window.__withCss = [];
      window.__withoutCss = [];
      let seen = '';
      let whole = '';
      let arrived = 0;
      // Runs after the frame's paint: a task queued from the frame's own callback.
      const afterPaint = (done) => requestAnimationFrame(() => setTimeout(() => done(performance.now() - arrived), 0));
      new MutationObserver(() => {
        const rows = document.querySelectorAll('table tbody tr[data-row-index]');
        if (rows.length === 0) return;
        const key = rows[0].textContent;
        const lists = performance.getEntriesByType('resource').filter((e) => e.name.includes(${listCall}));
        if (lists.length === 0) return;
        if (key !== seen) {
          seen = key;
          arrived = lists[lists.length - 1].responseEnd;
          afterPaint((ms) => {
            const drawn = document.querySelectorAll('table tbody tr[data-row-index]');
            if (drawn.length < 100 && drawn[drawn.length - 1].getBoundingClientRect().bottom < innerHeight) window.__gaps++;
            const variant = document.getElementById('bench-css')?.disabled === false;
            window.__paints.push(ms);
            (variant ? window.__withCss : window.__withoutCss).push(ms);
            performance.mark('flip:' + ms.toFixed(1) + (variant ? ':css' : ''));
          });
        }
        if (rows.length === 100 && key !== whole) {
          whole = key;
          afterPaint((ms) => window.__wholes.push(ms));
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    `,
  });
  if (values.css) {
    const css = JSON.stringify(values.css);
    await page.addInitScript({
      content: `document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style'); s.id = 'bench-css'; s.textContent = ${css}; document.head.append(s); s.sheet.disabled = true; });`,
    });
  }
  await page.goto(`${base}/users/all?size=100`);
  await page.waitForFunction(() => (globalThis as unknown as BrowserGlobals).__wholes.length === 1);
  // (Not 'networkidle': the live-updates stream stays open.)
  const cold = add(signIn, wire.take());
  if (values.trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  for (let i = 2; i <= pages; i++) {
    if (values.css)
      await page.evaluate(
        (on) => {
          const sheet = (globalThis as unknown as BrowserGlobals).document.getElementById('bench-css')?.sheet;
          if (sheet) sheet.disabled = !on;
        },
        i % 2 === 0,
      );
    await page.getByRole('button', { name: 'next page' }).click();
    await page.waitForFunction((n) => (globalThis as unknown as BrowserGlobals).__wholes.length >= n, i);
  }
  const ab = values.css
    ? await page.evaluate(() => {
        const g = globalThis as unknown as BrowserGlobals;
        return { on: g.__withCss, off: g.__withoutCss };
      })
    : undefined;
  const trace = values.trace ? await browser.stopTracing() : undefined;
  if (trace && values['trace-out']) fs.writeFileSync(values['trace-out'], trace);
  const parts: Record<string, Record<string, number>> | undefined = trace
    ? values.css
      ? { plain: partsOfFlips(trace, 'plain'), css: partsOfFlips(trace, 'css') }
      : { all: partsOfFlips(trace) }
    : undefined;
  const {
    __paints: inOrder,
    __wholes: wholeInOrder,
    __gaps: gaps,
  } = await page.evaluate(() => {
    const g = globalThis as unknown as BrowserGlobals;
    return { __paints: g.__paints, __wholes: g.__wholes, __gaps: g.__gaps };
  });
  // Each page in order: this machine's speed drifts by a third from minute to minute, which p95 hides.
  console.log(`\nEach page's first screen, in order (ms): ${inOrder.map((ms) => ms.toFixed(0)).join(' ')}`);
  console.log(`Each page whole, in order (ms): ${wholeInOrder.map((ms) => ms.toFixed(0)).join(' ')}`);
  // The percentiles are of the flips; the first page, which the console's own first render shares with
  // its data, is shown apart.
  const paints = inOrder.slice(1).sort((a, b) => a - b);
  const wholes = wholeInOrder.slice(1).sort((a, b) => a - b);
  // Warm: the same visit again with what the browser kept (a staff member's next day at the desk).
  wire.take();
  await page.goto(`${base}/users/all?size=100`);
  await page.locator('table tbody tr').nth(99).waitFor();
  const warm = wire.take();
  const pctOf = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  const row = (name: string, value: string, budget: string, ok: boolean) =>
    console.log(
      `${name.padEnd(44)} ${value.padStart(10)}   budget ${budget.padEnd(10)} ${ok ? 'ok' : 'OVER'}`,
    );
  console.log(`\nWeb budgets (${paints.length} flips to pages of 100 rows, Chromium ${browser.version()})`);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  row('cold: JavaScript on the wire, sign-in page', kb(signIn.script), '300 KB', signIn.script <= 300 * 1024);
  row('cold: JavaScript on the wire, + user list', kb(cold.script), '300 KB', cold.script <= 300 * 1024);
  row('cold: CSS on the wire', kb(cold.stylesheet), '-', true);
  row('cold: everything on the wire (with API calls)', kb(cold.total), '-', true);
  row(
    'warm: JavaScript + CSS downloaded again',
    kb(warm.script + warm.stylesheet),
    '0 KB',
    warm.script + warm.stylesheet === 0,
  );
  row('warm: everything on the wire (with API calls)', kb(warm.total), '-', true);
  row(
    'data arrival -> first screen painted, p50',
    `${pctOf(paints, 50).toFixed(1)} ms`,
    '100 ms',
    pctOf(paints, 50) <= 100,
  );
  row(
    'data arrival -> first screen painted, p95',
    `${pctOf(paints, 95).toFixed(1)} ms`,
    '100 ms',
    pctOf(paints, 95) <= 100,
  );
  row('data arrival -> first screen painted, max', `${paints.at(-1)!.toFixed(1)} ms`, '-', true);
  row(
    'cold: first page, first screen / all rows',
    `${inOrder[0]!.toFixed(0)} / ${wholeInOrder[0]!.toFixed(0)} ms`,
    '-',
    true,
  );
  row('first screens leaving the window part empty', String(gaps), '0', gaps === 0);
  row('data arrival -> all 100 rows painted, p50', `${pctOf(wholes, 50).toFixed(1)} ms`, '-', true);
  row('data arrival -> all 100 rows painted, p95', `${pctOf(wholes, 95).toFixed(1)} ms`, '-', true);
  if (ab) {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    console.log(
      `A/B: --css on p50 ${median(ab.on).toFixed(1)} ms (${ab.on.length} pages), off p50 ${median(ab.off).toFixed(1)} ms (${ab.off.length} pages)`,
    );
  }
  if (parts) {
    for (const [name, byPart] of Object.entries(parts)) {
      console.log(`\nMain thread per flip (${name}), mean of ${byPart.flips} (ms):`);
      for (const [part, ms] of Object.entries(byPart))
        if (part !== 'flips') console.log(`  ${part.padEnd(8)} ${ms.toFixed(1)}`);
    }
  }
} finally {
  await browser.close();
  await app.close();
  await database.close();
}

/** What the page's globals hold (this file is typed for Node, without the DOM library). */
type BrowserGlobals = {
  __paints: number[];
  __wholes: number[];
  __gaps: number;
  __withCss: number[];
  __withoutCss: number[];
  document: { getElementById(id: string): { sheet: { disabled: boolean } | null } | null };
  localStorage: { setItem(key: string, value: string): void };
};

type WireBytes = { script: number; stylesheet: number; total: number };
function add(a: WireBytes, b: WireBytes): WireBytes {
  return { script: a.script + b.script, stylesheet: a.stylesheet + b.stylesheet, total: a.total + b.total };
}

/**
 * Counts what Chromium itself says crossed the network (encodedDataLength of each finished request:
 * compressed body and headers; a cache hit counts 0), by resource type; take() answers the bytes since
 * the last take().
 */
async function countWireBytes(page: Page): Promise<{ take: () => WireBytes }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  let bytes: WireBytes = { script: 0, stylesheet: 0, total: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    bytes.total += e.encodedDataLength;
    if (type === 'Script') bytes.script += e.encodedDataLength;
    if (type === 'Stylesheet') bytes.stylesheet += e.encodedDataLength;
  });
  return {
    take() {
      const taken = bytes;
      bytes = { script: 0, stylesheet: 0, total: 0 };
      return taken;
    },
  };
}
