import fs from 'node:fs';
import { calls } from '@brokerdesk/contract';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, freshPostgresDatabase } from '../support/db.ts';
import { SmtpReceiver, codeFrom } from '../support/smtp-receiver.ts';
import {
  callAt,
  failedStart,
  runTool,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process.ts';

/**
 * Growing past one machine (docs/operations.md "Several servers"): server processes started as an
 * operator starts them, on one PostgreSQL. On the embedded database a second process on the same
 * DATA_DIR must refuse to start instead (PGlite would lose data).
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const SECRET = 'scale-out-test-secret-scale-out-test-secret';
const staff = { email: 'ops@scale.test', password: 'Correct-Horse-1' };

describe(`several server processes on one database (${testDbKind})`, () => {
  const smtp = new SmtpReceiver();
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-scale-'));
    dirs.push(d);
    return d;
  };

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh?.drop;
    env = {
      SMTP_URL: await smtp.start(),
      JWT_SECRET: SECRET,
      ...(fresh ? { DATABASE_URL: fresh.url } : { DATA_DIR: tmp() }),
    };
    if (fresh) {
      runTool(
        'staff',
        ['create', '--email', staff.email, '--name', 'Ops', '--role', 'SYSOP', '--password', staff.password],
        env,
      );
      runTool('seed', ['--clients', '40', '--seed', '3', '--no-four-eyes'], env);
      // Each process keeps its own DATA_DIR (uploads); the database is the shared one.
      servers.push(await startServerProcess({ ...env, DATA_DIR: tmp() }));
      servers.push(await startServerProcess({ ...env, DATA_DIR: tmp() }));
    } else {
      servers.push(await startServerProcess(env));
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await smtp.stop();
    await drop?.();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  // Embedded database only (on PostgreSQL servers share the database instead).
  it.skipIf(onPostgres)(
    'refuses a second server on the same embedded DATA_DIR, naming the process that holds it',
    async () => {
      const second = await failedStart(env);
      expect(second.code).not.toBe(0);
      expect(second.output).toMatch(new RegExp(`DATA_DIR .* is in use by process ${servers[0]!.child.pid}`));
      // The first is unharmed.
      expect((await callAt(servers[0]!.url, calls.system.getServerInfo)).status).toBe(200);
    },
  );

  // Several processes need PostgreSQL; on the embedded database this shows as skipped.
  it.skipIf(!onPostgres)(
    'runs every approval exactly once with requests and workers spread over both processes',
    async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      // Sign in on A; the session is the database's, so B accepts the same token.
      const before = smtp.count();
      const login = await callAt(a.url, calls.auth.loginAdmin, { body: staff });
      expect(login.status).toBe(200);
      const code = codeFrom(await smtp.next(staff.email, before));
      const confirmed = await callAt(b.url, calls.auth.confirmLogin, {
        body: { email: staff.email, password: login.body.password, code },
      });
      expect(confirmed.status).toBe(200);
      const token = confirmed.body.token as string;

      const list = async (base: string, status: string) => {
        const r = await callAt(
          base,
          calls.funding.listFundingRequests,
          { body: { type: 'deposit', status, page: 1, sizePerPage: 100, filters: {} } },
          token,
        );
        expect(r.status).toBe(200);
        return (r.body.data as { transfers: { _id: string; MTStatus: string }[] }).transfers;
      };
      const pending = await list(a.url, 'pending');
      expect(pending.length, 'the demo data has pending deposits').toBeGreaterThan(3);

      // Every deposit approved twice at once, once on each process: one wins, the other gets 409.
      const replies = await Promise.all(
        pending.flatMap((d) =>
          [a, b].map(async (s) => ({
            id: d._id,
            status: (await callAt(s.url, calls.funding.processDeposit, { body: { depositId: d._id } }, token))
              .status,
          })),
        ),
      );
      for (const d of pending) {
        expect(
          replies
            .filter((r) => r.id === d._id)
            .map((r) => r.status)
            .sort(),
        ).toEqual([200, 409]);
      }

      // Both workers run; wait until the outbox is drained, then count deals on the (shared) ledger.
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      try {
        await expect
          .poll(
            async () =>
              (
                await db.query(
                  `select count(*)::int n from platform_operations where state in ('queued','running')`,
                )
              ).rows[0].n,
            { timeout: 30_000, interval: 100 },
          )
          .toBe(0);
        const deals = await db.query<{ comment: string; n: number }>(
          `select comment, count(*)::int n from sim_deals where comment = any($1) group by comment`,
          [pending.map((d) => `dep:${d._id}`)],
        );
        expect(deals.rows).toHaveLength(pending.length);
        expect(deals.rows.every((r) => r.n === 1)).toBe(true);
      } finally {
        await db.end();
      }

      // Both processes tell the same story: no pending deposit left, each approved one credited.
      for (const s of [a, b]) {
        expect(await list(s.url, 'pending')).toHaveLength(0);
        const historical = await list(s.url, 'historical');
        for (const d of pending) expect(historical.find((h) => h._id === d._id)?.MTStatus).toBe('SUCCESS');
      }
      const counts = await Promise.all(
        [a, b].map(async (s) => (await callAt(s.url, calls.system.countNewRequests, {}, token)).body),
      );
      expect(counts[0]).toEqual(counts[1]);
    },
    120_000,
  );
});
