import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/**
 * One autocannon run on its own thread. In the server's thread the load generator's own work (200
 * connections' parsing and bookkeeping) would queue behind the server's and be counted as the server's
 * latency. Posts back every response's time and the error count.
 */
export type LoadJob = {
  url: string;
  token: string;
  method: 'GET' | 'POST';
  body?: unknown;
  connections: number;
  seconds: number;
};

const job = workerData as LoadJob;
const times: number[] = [];
const instance = autocannon(
  {
    url: job.url,
    method: job.method,
    connections: job.connections,
    duration: job.seconds,
    headers: {
      authorization: `Bearer ${job.token}`,
      ...(job.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-background': '1',
    },
    ...(job.body === undefined ? {} : { body: JSON.stringify(job.body) }),
  },
  (err, result) =>
    parentPort!.postMessage(err ? { error: String(err) } : { times, errors: result.errors + result.non2xx }),
);
instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
