import fs from 'node:fs';

/**
 * `node --import tsx tools/bench/cpu-parts.ts PROFILE.cpuprofile`: where a server's CPU went, by part of
 * a call. Reads a V8 CPU profile (node --cpu-prof) and adds up each sample's self time under the first
 * part its stack names, innermost frame first: the session check, building and sending the SQL (Drizzle
 * and the pg driver), validating and serialising the reply, Fastify's routing and hooks, HTTP parsing,
 * and the rest. docs/performance.md (200 connections) explains how it was used.
 */
type Frame = { functionName: string; url: string };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const PARTS: [string, (f: Frame) => boolean][] = [
  ['session check (auth)', (f) => /\/src\/auth\//.test(f.url) || /node_modules\/jose\//.test(f.url)],
  ['list query (service, paged-query)', (f) => /\/src\/(features|lib)\//.test(f.url)],
  ['Drizzle (building SQL, mapping rows)', (f) => /node_modules\/drizzle-orm\//.test(f.url)],
  [
    'pg driver (protocol, parsing rows)',
    (f) => /node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//.test(f.url),
  ],
  [
    'validation and serialisation (zod, JSON)',
    (f) =>
      /node_modules\/(zod|fastify-type-provider-zod|fast-json-stringify)\//.test(f.url) ||
      f.functionName === 'stringify' ||
      f.functionName === 'parse',
  ],
  [
    'Fastify (routing, hooks, reply)',
    (f) =>
      /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request)\//.test(f.url) ||
      /\/src\/(http|app)/.test(f.url),
  ],
  ['logging (pino)', (f) => /node_modules\/(pino|sonic-boom|thread-stream)\//.test(f.url)],
  [
    'metrics (prom-client)',
    (f) => /node_modules\/prom-client\//.test(f.url) || /\/src\/metrics\//.test(f.url),
  ],
  [
    'node: HTTP and sockets',
    (f) =>
      /^node:(_http|http|net|stream|internal\/streams|internal\/http)/.test(f.url) ||
      /^node:_http/.test(f.url),
  ],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['idle', (f) => f.functionName === '(idle)' || f.functionName === '(program)'],
];

const file = process.argv[2];
if (!file) throw new Error('usage: cpu-parts.ts PROFILE.cpuprofile');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const partOf = new Map<number, string>();
function part(id: number): string {
  const known = partOf.get(id);
  if (known) return known;
  let found = 'other';
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    const hit = PARTS.find(([, match]) => match(frame));
    if (hit) {
      found = hit[0];
      break;
    }
  }
  partOf.set(id, found);
  return found;
}

const totals = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const p = part(id);
  totals.set(p, (totals.get(p) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const busy = [...totals].filter(([p]) => p !== 'idle').reduce((s, [, us]) => s + us, 0);
console.log(`busy CPU ${(busy / 1e6).toFixed(1)} s (idle ${((totals.get('idle') ?? 0) / 1e6).toFixed(1)} s)`);
for (const [p, us] of [...totals].filter(([p]) => p !== 'idle').sort((a, b) => b[1] - a[1])) {
  console.log(
    `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(2).padStart(6)} s  ${p}`,
  );
}

// With --top N: the N functions with the most self time in each part, to see what a part is made of.
const top = Number(process.argv[process.argv.indexOf('--top') + 1]);
if (process.argv.includes('--top') && top > 0) {
  const byFunction = new Map<string, { part: string; us: number }>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages|tools)\//, '$1/')}`;
    const entry = byFunction.get(key) ?? { part: part(id), us: 0 };
    entry.us += profile.timeDeltas[i] ?? 0;
    byFunction.set(key, entry);
  });
  for (const [p] of [...totals].filter(([p]) => p !== 'idle').sort((a, b) => b[1] - a[1])) {
    console.log(`\n${p}:`);
    const rows = [...byFunction].filter(([, e]) => e.part === p).sort((a, b) => b[1].us - a[1].us);
    for (const [name, e] of rows.slice(0, top)) console.log(`  ${(e.us / 1e6).toFixed(2).padStart(6)} s  ${name}`);
  }
}
