import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { deposits, platformOperations, simDeals } from '../../src/db/schema.ts';
import { testDbKind, freshPostgresDatabase } from '../support/db.ts';
import { SmtpReceiver, codeFrom } from '../support/smtp-receiver.ts';
import { runTool, startServerProcess, type ServerProcess } from '../support/server-process.ts';

/**
 * Issue 17's fault run with real server processes: every change on the (simulated) platform lands
 * 7 s after it arrived while the caller is told the outcome is unknown, replies get lost, calls fail,
 * a server is killed with SIGKILL in the middle of the approvals and started again, and on PostgreSQL
 * two servers share the outbox with a lease of a few seconds. Afterwards: one deal per approved
 * deposit, every MTStatus final, the ledger equal to the approved amounts.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const staff = { email: 'ops@faults.test', password: 'Correct-Horse-Battery-9' };
const FAULTY = {
  PLATFORM_FAULTS: 'late=7,lost=0.2,error=0.1',
  // Short windows, so the run takes seconds: a late change lands after the first look-up (5 s) and
  // before the window ends.
  OPERATIONS_LEASE_SECONDS: '8',
  OPERATIONS_SETTLE_SECONDS: '15',
  MT5_TIMEOUT_SECONDS: '1',
  RECONCILIATION_HOUR_UTC: 'off',
  PAYMENT_SYNC_SECONDS: '0',
};

type Reply = { status: number; body: Record<string, unknown> };
async function call(base: string, url: string, body: unknown, token?: string): Promise<Reply> {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe(`approvals through late, lost and failed platform calls, kill -9 and ${onPostgres ? 'two servers' : 'a restart'} (${testDbKind})`, () => {
  const smtp = new SmtpReceiver();
  const dirs: string[] = [];
  let servers: ServerProcess[] = [];
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-faults-'));
    dirs.push(d);
    return d;
  };
  // Each process has a DATA_DIR of its own on PostgreSQL; on PGlite they take turns on the one DATA_DIR.
  const shared = tmp();
  const start = () => startServerProcess({ ...env, DATA_DIR: onPostgres ? tmp() : shared });

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh?.drop;
    env = {
      SMTP_URL: await smtp.start(),
      JWT_SECRET: 'process-faults-secret-process-faults-secret',
      ...FAULTY,
    };
    if (fresh) env.DATABASE_URL = fresh.url;
    const toolEnv = { ...env, DATA_DIR: shared };
    runTool(
      'staff',
      ['create', '--email', staff.email, '--name', 'Ops', '--role', 'SYSOP', '--password', staff.password],
      toolEnv,
    );
    runTool('seed', ['--clients', '40', '--seed', '5'], toolEnv);
    servers = onPostgres ? [await start(), await start()] : [await start()];
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await smtp.stop();
    await drop?.();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('ends with one deal per approved deposit and the ledger equal to the approvals', async () => {
    const before = smtp.count();
    const login = await call(servers[0]!.url, '/api/users/loginAdmin', staff);
    expect(login.status).toBe(200);
    const code = codeFrom(await smtp.next(staff.email, before));
    const confirmed = await call(servers[0]!.url, '/api/users/loginConfirm', {
      email: staff.email,
      password: login.body.password,
      code,
    });
    expect(confirmed.status).toBe(200);
    const token = confirmed.body.token as string;
    const list = async (status: string) => {
      const r = await call(
        servers[0]!.url,
        '/api/admin/accounts/adminGetRequests/paginated',
        { type: 'deposit', status, page: 1, sizePerPage: 100, filters: {} },
        token,
      );
      expect(r.status).toBe(200);
      return (r.body.data as { transfers: { _id: string; MTStatus: string; depositAmountSent: number }[] })
        .transfers;
    };
    const pending = await list('pending');
    expect(pending.length, 'the demo data has pending deposits').toBeGreaterThan(3);

    // Approvals spread over the servers; one server dies with SIGKILL part-way and comes back.
    const killAt = 1 + Math.floor(Math.random() * (pending.length - 1));
    for (const [i, d] of pending.entries()) {
      if (i === killAt) {
        const victim = servers[0]!;
        victim.child.kill('SIGKILL');
        await new Promise((r) => victim.child.once('exit', r));
        servers[0] = await start();
      }
      const server = servers[i % servers.length]!;
      const r = await call(
        server.url,
        '/api/admin/accounts/adminProcessDeposit',
        { depositId: d._id },
        token,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // The workers settle everything: every deposit's MTStatus ends SUCCESS (nothing is left checking).
    await expect
      .poll(
        async () => {
          const done = await list('historical');
          return pending.filter((p) => done.find((d) => d._id === p._id)?.MTStatus !== 'SUCCESS').length;
        },
        { timeout: 200_000, interval: 500 },
      )
      .toBe(0);

    // Read the ledger itself (on PGlite, once the server has let go of its DATA_DIR).
    if (!onPostgres) {
      for (const s of servers) await s.stop();
      servers = [];
    }
    const database = await openDatabase(onPostgres ? { databaseUrl: env.DATABASE_URL } : { dataDir: shared });
    try {
      const ids = pending.map((p) => p._id);
      const deals = await database.db
        .select()
        .from(simDeals)
        .where(
          inArray(
            simDeals.comment,
            ids.map((id) => `dep:${id}`),
          ),
        );
      const perKey = new Map<string, number>();
      for (const d of deals) perKey.set(d.comment, (perKey.get(d.comment) ?? 0) + 1);
      expect([...perKey.values()].every((n) => n === 1)).toBe(true);
      expect(perKey.size).toBe(ids.length);
      const rows = await database.db.select().from(deposits).where(inArray(deposits.id, ids));
      expect(rows.every((r) => r.status === 'approved' && r.mtStatus === 'SUCCESS')).toBe(true);
      const approved = rows.reduce((sum, r) => sum + r.depositAmountSent, 0);
      const credited = deals.reduce((sum, d) => sum + d.amount, 0);
      expect(credited).toBeCloseTo(approved, 2);
      const open = await database.db
        .select()
        .from(platformOperations)
        .where(inArray(platformOperations.state, ['queued', 'running']));
      expect(open).toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
