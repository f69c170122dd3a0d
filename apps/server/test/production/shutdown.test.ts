import fs from 'node:fs';
import { calls, urlOf } from '@brokerdesk/contract';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, freshPostgresDatabase } from '../support/db.ts';
import { SmtpReceiver, codeFrom } from '../support/smtp-receiver.ts';
import { callAt, runTool, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const staff = { email: 'ops@shutdown.test', password: 'Correct-Horse-Battery-9' };

/** An open live-updates stream read as the browser reads it (fetch with the bearer header). */
async function openStream(base: string, token: string, abort?: AbortController) {
  const res = await fetch(base + urlOf(calls.events.openLiveEvents), {
    headers: { authorization: `Bearer ${token}`, 'x-background': '1' },
    signal: abort?.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** Reads until `pattern` has arrived, or the stream ended; answers everything read so far. */
  const readUntil = async (pattern: RegExp) => {
    while (!pattern.test(text)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return text;
  };
  return { readUntil };
}

describe(`SIGTERM stops a server process (${testDbKind})`, () => {
  const smtp = new SmtpReceiver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-shutdown-'));
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh?.drop;
    env = {
      SMTP_URL: await smtp.start(),
      DATA_DIR: dataDir,
      RECONCILIATION_HOUR_UTC: 'off',
      PAYMENT_SYNC_SECONDS: '0',
      METRICS_PORT: 'off',
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    };
    runTool(
      'staff',
      ['create', '--email', staff.email, '--name', 'Ops', '--role', 'SYSOP', '--password', staff.password],
      env,
    );
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await smtp.stop();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(base: string): Promise<string> {
    const post = async (
      def: typeof calls.auth.loginAdmin | typeof calls.auth.confirmLogin,
      body: unknown,
    ) => {
      const res = await callAt<Record<string, string>>(base, def, { body });
      expect(res.status).toBe(200);
      return res.body;
    };
    const before = smtp.count();
    const ticket = await post(calls.auth.loginAdmin, staff);
    const code = codeFrom(await smtp.next(staff.email, before));
    const { token } = await post(calls.auth.confirmLogin, {
      email: staff.email,
      password: ticket.password,
      code,
    });
    return token!;
  }

  it('ends open live-update streams and idle connections (a stream left by its reader, a spare connection) and exits 0', async () => {
    server = await startServerProcess(env);
    const token = await signIn(server.url);
    const open = await openStream(server.url, token);
    expect(await open.readUntil(/event: ready/)).toMatch(/event: ready/);
    // A second stream whose reader went away (a closed tab), as the server was told to stop.
    const gone = new AbortController();
    const left = await openStream(server.url, token, gone);
    await left.readUntil(/event: ready/);
    gone.abort();
    // And a connection opened ahead of need that never sent a request (browsers keep spare ones).
    const spare = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((resolve) => spare.once('connect', resolve));
    const spareClosed = new Promise((resolve) => spare.once('close', resolve));
    spare.on('error', () => undefined);

    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    const text = await open.readUntil(/event: end/);
    expect(text).toMatch(/event: end\ndata: \{"reason":"shutdown"\}/);
    const code = await exited;
    expect(code).toBe(0);
    await spareClosed;
    expect(server.output()).not.toMatch(/did not stop cleanly|took too long/);
  });
});
