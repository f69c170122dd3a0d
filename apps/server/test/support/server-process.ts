import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { urlOf, type CallDef } from '@brokerdesk/contract';
import type { RawInput } from './test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * A server process as an operator starts it, on a free loopback port: `npm start`'s way (tsx and the
 * TypeScript sources), or with `compiled` `npm run start:prod`'s (plain node and apps/server/dist).
 */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
};

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  // No metrics listener unless a test asks for one: the default port (9464) would clash between servers.
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    METRICS_PORT: 'off',
    ...env,
  };
  delete e.npm_config_nodedir;
  delete e.TEST_DATABASE_URL;
  return e;
}

const SOURCE_MAIN = ['--import', 'tsx', 'tools/demo/start.ts'];
export const COMPILED_MAIN = ['apps/server/dist/main.js'];

export async function startServerProcess(
  env: Record<string, string>,
  opts: { compiled?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, opts.compiled ? COMPILED_MAIN : SOURCE_MAIN, {
    cwd: root,
    env: childEnv({ ...env, PORT: String(port) }),
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (/Brokerdesk is running at/.test(out)) resolve();
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${out}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs a server process that is expected to refuse to start; answers its exit code and output. */
export async function failedStart(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, SOURCE_MAIN, {
    cwd: root,
    env: childEnv({ ...env, PORT: String(await freePort()) }),
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  return { code, output: out };
}

/** Runs one of the operator's tools (`tools/<name>/main.ts`) to completion. */
export function runTool(name: string, args: string[], env: Record<string, string>): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `tools/${name}/main.ts`, ...args], {
    cwd: root,
    env: childEnv(env),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`tools/${name} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/**
 * runTool without blocking this process meanwhile: a long seed under spawnSync stalls the test
 * worker's event loop past vitest's own RPC timeout on a loaded machine.
 */
export async function runToolAsync(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', `tools/${name}/main.ts`, ...args], {
    cwd: root,
    env: childEnv(env),
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`tools/${name} failed: ${err || out}`);
  return out;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A call of the contract to a server process at `base` (its own URL), with a staff session when a
 * token is given. The body is sent only when the input has one; the reply is read as JSON.
 */
export async function callAt<T = Record<string, unknown>>(
  base: string,
  def: CallDef,
  input: RawInput = {},
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + urlOf(def, input), {
    method: def.method,
    headers: {
      accept: 'application/json',
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}
