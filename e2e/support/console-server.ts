import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SmtpReceiver } from '../../apps/server/test/support/smtp-receiver.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type ConsoleServer = { url: string; smtp: SmtpReceiver; stop: () => Promise<void> };
export type StaffMember = { email: string; name: string; role: string; password: string };

/**
 * The console as an operator runs it: staff made with `npm run staff`, then the server process with
 * real SMTP to a receiver the test reads. PGlite in a temporary DATA_DIR, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set. `extraEnv` sets more of the server's configuration (platform faults...).
 */
export async function startConsole(
  staff: StaffMember[],
  extraEnv: Record<string, string> = {},
): Promise<ConsoleServer> {
  const smtp = new SmtpReceiver();
  const smtpUrl = await smtp.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-e2e-'));
  const db = await freshPostgres();
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'warn',
    // No metrics listener: 9464 would clash with any other server on this machine.
    METRICS_PORT: 'off',
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...extraEnv,
  };
  delete (env as Record<string, string | undefined>).npm_config_nodedir;
  for (const s of staff) {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'tools/staff/main.ts',
        'create',
        '--email',
        s.email,
        '--name',
        s.name,
        '--role',
        s.role,
        '--password',
        s.password,
      ],
      { cwd: root, env, encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`npm run staff failed: ${r.stderr || r.stdout}`);
  }
  // A little demo data (clients, accounts on the simulator, requests of every status) for the screens.
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tools/seed/main.ts', '--clients', '40', '--seed', '3', '--no-four-eyes'],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`npm run seed failed: ${seeded.stderr || seeded.stdout}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
  await waitForLine(child, /Brokerdesk is running at/);
  return {
    url: `http://127.0.0.1:${port}`,
    smtp,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await smtp.stop();
      await db?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${out}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `bd_e2e_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
