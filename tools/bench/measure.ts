import { Worker } from 'node:worker_threads';
import type { BenchTarget, Statement } from './targets.ts';

export type Percentiles = { p50: number; p95: number; p99: number; errors: number; requests: number };

export function percentiles(samples: number[], errors = 0): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), errors, requests: s.length };
}

/** What load-worker.mjs runs. */
type LoadJob = {
  url: string;
  token: string;
  method: 'GET' | 'POST';
  body?: unknown;
  connections: number;
  seconds: number;
  /** Seconds of load before the measured ones (load-worker.mjs). */
  warmup: number;
};

/** HTTP latency of one call at `connections` concurrent connections, from every response's own time. */
export function httpLatency(
  url: string,
  token: string,
  call: { method: 'GET' | 'POST'; body?: unknown },
  connections: number,
  seconds: number,
  warmup = 1,
): Promise<Percentiles> {
  const job: LoadJob = { url, token, method: call.method, body: call.body, connections, seconds, warmup };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: job,
    });
    worker.once('message', (m: { times: number[]; errors: number } | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(percentiles(m.times, m.errors));
    });
    worker.once('error', reject);
  });
}

/** The bare SQL of a page: the same statements run as named prepared statements, one at a time. */
export async function sqlLatency(
  target: Pick<BenchTarget, 'runPrepared'>,
  statements: Statement[],
  seconds: number,
): Promise<Percentiles> {
  const names = statements.map((_, i) => `bench_${Date.now()}_${i}`);
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const t0 = performance.now();
    for (let i = 0; i < statements.length; i++) {
      await target.runPrepared(names[i]!, statements[i]!);
    }
    times.push(performance.now() - t0);
  }
  return percentiles(times);
}
