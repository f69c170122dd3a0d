import autocannon from 'autocannon';
import type { BenchTarget, Statement } from './targets.ts';

export type Percentiles = { p50: number; p95: number; p99: number; errors: number; requests: number };

export function percentiles(samples: number[], errors = 0): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), errors, requests: s.length };
}

/** HTTP latency of one call at `connections` concurrent connections, from every response's own time. */
export function httpLatency(
  url: string,
  token: string,
  call: { method: 'GET' | 'POST'; body?: unknown },
  connections: number,
  seconds: number,
): Promise<Percentiles> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      {
        url,
        method: call.method,
        connections,
        duration: seconds,
        headers: {
          authorization: `Bearer ${token}`,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-background': '1',
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      },
      (err, result) => (err ? reject(err) : resolve(percentiles(times, result.errors + result.non2xx))),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
      times.push(ms),
    );
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
