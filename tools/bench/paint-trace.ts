/**
 * Where a page flip's time goes on the renderer's main thread, from a Chromium trace (`bench:web --trace`).
 * Each flip's window is [its paint mark minus the measured time, the mark]; the trace's top-level events
 * in it are summed by part. An event nested in another counted one (a layout forced by script) counts
 * once, in the outer part. PAINT_TRACE_NAMES=1 sums by the trace events' own names instead of by part.
 */
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8',
];

const PARTS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'V8.GC_SCAVENGER': 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
  UpdateLayoutTree: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
};

/**
 * Per part, the mean milliseconds of one flip; `other` is the window's time in no counted event (idle,
 * waiting for the compositor, or work of parts not listed). Flips are the page's `flip:<ms>[:css]` marks;
 * `variant` keeps those with (css) or without (plain) the --css sheet.
 */
export function partsOfFlips(
  trace: Buffer,
  variant: 'css' | 'plain' | 'all' = 'all',
): Record<string, number> {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('No renderer main thread in the trace');
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && PARTS[e.name])
    .sort((a, b) => a.ts - b.ts);
  const top: TraceEvent[] = [];
  let until = -Infinity;
  for (const e of onMain) {
    if (e.ts < until) continue;
    top.push(e);
    until = e.ts + (e.dur ?? 0);
  }
  const flips = new Map<number, number>();
  for (const e of events)
    if (e.pid === main.pid && e.name.startsWith('flip:')) {
      const [, ms, css] = e.name.split(':');
      if (variant === 'all' || (variant === 'css') === (css === 'css')) flips.set(e.ts, Number(ms));
    }
  const sums: Record<string, number> = {};
  let windows = 0;
  for (const [end, ms] of flips) {
    const start = end - ms * 1000;
    windows += ms;
    for (const e of top) {
      const from = Math.max(e.ts, start);
      const to = Math.min(e.ts + (e.dur ?? 0), end);
      const key = process.env.PAINT_TRACE_NAMES ? e.name : PARTS[e.name]!;
      if (to > from) sums[key] = (sums[key] ?? 0) + (to - from) / 1000;
    }
  }
  const n = Math.max(1, flips.size);
  const mean: Record<string, number> = { flips: flips.size, window: windows / n };
  for (const [part, total] of Object.entries(sums)) mean[part] = total / n;
  mean.other = (windows - Object.values(sums).reduce((a, b) => a + b, 0)) / n;
  return mean;
}
