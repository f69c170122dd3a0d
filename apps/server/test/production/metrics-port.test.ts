import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, testDbKind } from '../support/db.ts';
import { freePort } from '../support/server-process.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * Several servers on one host (docs/operations.md "Several servers on one host"): a server whose port is
 * taken stops by itself with one line naming the variable to change, and its API port never listens.
 */
describe(`a server whose port is taken (${testDbKind})`, () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A plain listener on a free loopback port, as another server on the host would hold it. */
  async function holdPort(): Promise<number> {
    const holder = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
    return (holder.address() as net.AddressInfo).port;
  }

  /** The production entry (apps/server/src/main.ts) through tsx; answers its exit code and output. */
  async function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const fresh = await freshPostgresDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-port-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (fresh) cleanups.push(fresh.drop);
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      METRICS_HOST: '127.0.0.1',
      // info: Fastify's "Server listening at" line shows whether the API port ever listened.
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      RECONCILIATION_HOUR_UTC: 'off',
      PAYMENT_SYNC_SECONDS: '0',
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      ...env,
    };
    delete childEnv.npm_config_nodedir;
    delete childEnv.TEST_DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: childEnv,
    });
    cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    // 'close': the exit, once its output is all read.
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, output };
  }

  /** Whether anything accepts a connection on the loopback port now. */
  function accepts(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  }

  it('stops before its API port listens when METRICS_PORT is taken, naming METRICS_PORT', async () => {
    const metricsPort = await holdPort();
    const apiPort = await freePort();
    const { code, output } = await start({ PORT: String(apiPort), METRICS_PORT: String(metricsPort) });

    expect(code, output).toBe(1);
    // The API port never listened (no Fastify line, no banner) and is not listening now.
    expect(output).not.toContain('Server listening at');
    expect(output).not.toContain(`127.0.0.1:${apiPort}`);
    expect(await accepts(apiPort)).toBe(false);
    // One line, not a stack trace.
    expect(output).not.toMatch(/^\s+at /m);
    const lines = output.split('\n').filter((l) => l.startsWith('Cannot start:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`127.0.0.1:${metricsPort} (METRICS_HOST:METRICS_PORT) is already in use`);
    expect(lines[0]).toMatch(/Set METRICS_PORT to a free port, or METRICS_PORT=off/);
  }, 60_000);

  it('stops with a line naming PORT when the API port is taken', async () => {
    const apiPort = await holdPort();
    // Its metrics listener is up by then: the process must close it and still exit by itself.
    const metricsPort = await freePort();
    const { code, output } = await start({ PORT: String(apiPort), METRICS_PORT: String(metricsPort) });

    expect(code, output).toBe(1);
    const lines = output.split('\n').filter((l) => l.startsWith('Cannot start:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`127.0.0.1:${apiPort} (HOST:PORT) is already in use`);
    expect(lines[0]).toMatch(/Set PORT to a free port/);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('Brokerdesk is running at');
  }, 60_000);
});
