import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, freshPostgresDatabase } from '../support/db.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

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
function ensureBuild(): void {
  const sources = Math.max(
    newest(path.join(root, 'apps/server/src')),
    newest(path.join(root, 'packages/contract/src')),
  );
  if (fs.existsSync(compiledMain) && fs.statSync(compiledMain).mtimeMs >= sources) return;
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build:server failed:\n${r.stdout}\n${r.stderr}`);
}

describe(`the compiled server under plain node (${testDbKind})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-compiled-'));
  let drop: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ensureBuild();
    const fresh = await freshPostgresDatabase();
    drop = fresh?.drop;
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        RECONCILIATION_HOUR_UTC: 'off',
        PAYMENT_SYNC_SECONDS: '0',
        METRICS_PORT: 'off',
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

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', resolve));
    server!.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
