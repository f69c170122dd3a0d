import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, freshPostgresDatabase } from '../support/db.ts';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { loadConfig } from '../../src/config.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const compiledMain = path.join(root, 'apps/server/dist/main.js');

/** The newest modification time of the files under `dir`. */
function newest(dir: string): number {
  let max = 0;
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String)) {
    const stat = fs.statSync(path.join(dir, name));
    if (stat.isFile()) max = Math.max(max, stat.mtimeMs);
  }
  return max;
}

/**
 * `npm test` builds before the API tests (tools/test/run-all.sh), so this uses that build; run on its
 * own, it builds first when the build is missing or older than the sources.
 */
async function ensureBuild(): Promise<void> {
  const sources = Math.max(
    newest(path.join(root, 'apps/server/src')),
    newest(path.join(root, 'packages/contract/src')),
  );
  if (fs.existsSync(compiledMain) && fs.statSync(compiledMain).mtimeMs >= sources) return;
  // Not spawnSync: the test worker must keep answering the runner while the build runs.
  await promisify(execFile)('npm', ['run', '--silent', 'build:server'], { cwd: root });
}

describe(`the compiled server under plain node (${testDbKind})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-compiled-'));
  let drop: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;
  let metricsPort = 0;

  beforeAll(async () => {
    metricsPort = await freePort();
    await ensureBuild();
    const fresh = await freshPostgresDatabase();
    drop = fresh?.drop;
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        RECONCILIATION_HOUR_UTC: 'off',
        PAYMENT_SYNC_SECONDS: '0',
        METRICS_PORT: String(metricsPort),
        ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      },
      { compiled: true },
    );
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs without a TypeScript loader, finds its migrations and answers the probes', async () => {
    // The command line is plain node and a .js file: no tsx, no --import.
    expect(server!.child.spawnargs.slice(1)).toEqual(['apps/server/dist/main.js']);
    const health = await fetch(`${server!.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // Ready: the database was migrated from dist/db/migrations and carries the newest migration.
    const ready = await fetch(`${server!.url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.status).toBe(200);
  });

  it('serves Prometheus metrics on METRICS_PORT (127.0.0.1 by default), with the probes timed by route', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(/^platform_operations\{state="queued"\} 0$/m);
    expect(loadConfig({}).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeNull();
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', resolve));
    server!.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
