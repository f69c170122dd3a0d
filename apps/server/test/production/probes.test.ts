import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { rowsOf } from '../../src/db/rows.ts';

describe(`GET /healthz and GET /readyz (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('healthz answers 200 ok without a session, never cached', async () => {
    const r = await t.raw(calls.system.checkHealth);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('readyz answers 200 ready while the database answers and carries every migration', async () => {
    const r = await t.raw(calls.system.checkReadiness);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ready' });
  });

  it('readyz answers 503 while the newest migration is missing from the database', async () => {
    const removed = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.db.execute(sql`
        delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
        returning id, hash, created_at`),
    );
    expect(removed).toHaveLength(1);
    try {
      const r = await t.raw(calls.system.checkReadiness);
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ status: 'not ready', reason: 'database migrations are not applied' });
    } finally {
      const m = removed[0]!;
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${m.id}, ${m.hash}, ${m.created_at})`,
      );
    }
    expect((await t.raw(calls.system.checkReadiness)).status).toBe(200);
  });

  it('readyz answers 503 once the server is stopping; healthz still answers', async () => {
    t.readiness.markStopping();
    const r = await t.raw(calls.system.checkReadiness);
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ status: 'not ready', reason: 'shutting down' });
    expect((await t.raw(calls.system.checkHealth)).status).toBe(200);
  });
});

describe(`GET /readyz without a database (${testDbKind})`, () => {
  it('answers 503 when the database is unreachable, while healthz answers 200', async () => {
    const t = await startTestApp();
    const close = t.database.close;
    await close();
    // stop() closes the database too: it is closed already.
    t.database.close = async () => undefined;
    try {
      const r = await t.raw(calls.system.checkReadiness);
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ status: 'not ready', reason: 'the database is unreachable' });
      expect((await t.raw(calls.system.checkHealth)).status).toBe(200);
    } finally {
      await t.stop();
    }
  });
});
