import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { AUDIT_PROBLEMS_LISTED } from '@brokerdesk/contract';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import type { Database } from '../../src/db/client.ts';
import { auditLog } from '../../src/db/schema.ts';
import { audit } from '../../src/audit/audit.ts';
import { verifyAuditChain } from '../../src/audit/verify.ts';
import { tamper } from './support.ts';

const AT = 1_790_000_000;

describe(`the audit chain hashes what is stored and verify reports every bad row (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    for (let i = 0; i < 8; i++)
      await audit(database.db, AT + i, {
        actorId: null,
        action: 'test.row',
        entity: 'test',
        entityId: String(i),
        after: { i },
      });
  });
  afterAll(() => database.close());

  const rows = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it('keeps a row with a lone surrogate verifiable: the hash covers the text as stored (U+FFFD)', async () => {
    // Requests never carry one (http/refuse-bad-text.ts); a caller inside the server still might.
    await audit(database.db, AT + 100, {
      actorId: null,
      action: 'test.surrogate',
      entity: 'test',
      entityId: 'x\ud800y',
      after: { name: 'a\udc00b', ['k\ud800']: ['\ud83d'] },
      ip: '127.0.0.1\ud800',
    });
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'test.surrogate'));
    expect(row!.entityId).toBe('x\ufffdy');
    expect(row!.after).toEqual({ name: 'a\ufffdb', 'k\ufffd': ['\ufffd'] });
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, badRows: 0, problems: [] });
  });

  it('reports a tampered row and a second tampered row after it, not only the first', async () => {
    const all = await rows();
    const first = all[2]!;
    const second = all[5]!;
    await tamper(
      database,
      sql`update audit_log set ip = '198.51.100.1' where id = ${first.id}`,
      sql`update audit_log set after = '{"i": 99}'::jsonb where id = ${second.id}`,
    );
    const r = await verifyAuditChain(database.db);
    expect(r).toMatchObject({ ok: false, firstBadId: first.id, problem: 'edited', badRows: 2 });
    expect(r.problems.map((p) => [p.id, p.problem])).toEqual([
      [first.id, 'edited'],
      [second.id, 'edited'],
    ]);
    expect(r.problems[1]!.reason).toContain(`Row ${second.id} does not match its hash`);
    // Every chained row was walked, the bad ones too.
    expect(r.rows).toBe(all.length);
    await tamper(
      database,
      sql`update audit_log set ip = ${first.ip} where id = ${first.id}`,
      sql`update audit_log set after = ${JSON.stringify(second.after)}::jsonb where id = ${second.id}`,
    );
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, badRows: 0 });
  });

  it('reports a deleted row and a later edited row, each once', async () => {
    const all = await rows();
    const gone = all[1]!;
    const edited = all[6]!;
    await tamper(
      database,
      sql`delete from audit_log where id = ${gone.id}`,
      sql`update audit_log set entity = 'forged' where id = ${edited.id}`,
    );
    const r = await verifyAuditChain(database.db);
    expect(r.problems.map((p) => [p.id, p.problem])).toEqual([
      [all[2]!.id, 'missing'],
      [edited.id, 'edited'],
    ]);
    expect(r.badRows).toBe(2);
  });

  it('counts every bad row and lists the first AUDIT_PROBLEMS_LISTED', async () => {
    const n = AUDIT_PROBLEMS_LISTED + 5;
    for (let i = 0; i < n; i++)
      await audit(database.db, AT + 200 + i, { actorId: null, action: 'test.bulk', entity: 'test' });
    await tamper(database, sql`update audit_log set entity = 'forged' where action = 'test.bulk'`);
    const r = await verifyAuditChain(database.db);
    // The two bad rows of the previous test, and every bulk row.
    expect(r.badRows).toBe(n + 2);
    expect(r.problems).toHaveLength(AUDIT_PROBLEMS_LISTED);
  });
});
