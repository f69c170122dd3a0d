import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export type MetricsServer = { url: string; close: () => Promise<void> };

/**
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), so that the console's port never
 * exposes it and a scrape never queues behind staff requests or counts in their metrics.
 */
export async function startMetricsServer(
  registry: Registry,
  at: { host: string; port: number },
  log: { warn: (obj: object, msg: string) => void },
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => {
        log.warn({ err }, 'metrics: could not collect');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
