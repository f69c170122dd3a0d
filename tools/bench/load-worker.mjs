// Plain JavaScript: Node 20 cannot start a worker thread on a .ts file even with tsx loaded.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/**
 * One autocannon run on its own thread. In the server's thread the load generator's own work (200
 * connections' parsing and bookkeeping) would queue behind the server's and be counted as the server's
 * latency. Posts back the time of every response whose request started after the warm-up (the first
 * seconds hold the connection and JIT start-up: 200 connections opened in one instant queue behind each
 * other once, which no staff member's browser does) and the error count. workerData is a LoadJob
 * (measure.ts).
 */
const job = workerData;
const times = [];
const measureFrom = Date.now() + job.warmup * 1000;
const instance = autocannon(
  {
    url: job.url,
    method: job.method,
    connections: job.connections,
    duration: job.warmup + job.seconds,
    headers: {
      authorization: `Bearer ${job.token}`,
      ...(job.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-background': '1',
    },
    ...(job.body === undefined ? {} : { body: JSON.stringify(job.body) }),
  },
  (err, result) =>
    parentPort.postMessage(err ? { error: String(err) } : { times, errors: result.errors + result.non2xx }),
);
instance.on('response', (_client, _status, _bytes, ms) => {
  if (Date.now() - ms >= measureFrom) times.push(ms);
});
