import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import type { Database } from '../../src/db/client.ts';
import { auditHead, auditLog } from '../../src/db/schema.ts';
import { audit } from '../../src/audit/audit.ts';
import { GENESIS_HASH, chainHash } from '../../src/audit/chain.ts';
import { verifyAuditChain } from '../../src/audit/verify.ts';
import { failure } from './support.ts';

describe(`the audit log is append-only and chained (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    const at = 1_790_000_000;
    await audit(database.db, at, { actorId: null, action: 'test.first', entity: 'thing', entityId: 'a' });
    await database.db.transaction(async (tx) => {
      await audit(tx, at + 1, {
        actorId: '0123456789abcdef01234567',
        action: 'test.second',
        entity: 'thing',
        entityId: 'b',
        before: { n: 1, nested: { z: [1, 'two', null], a: true } },
        after: { n: 2, when: new Date(0), skipped: undefined },
        ip: '203.0.113.9',
      });
    });
  });
  afterAll(() => database.close());

  const rows = () => database.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it('links each row to the one before it and moves the head', async () => {
    const [first, second] = await rows();
    expect(first!.prevHash).toBe(GENESIS_HASH);
    expect(second!.prevHash).toBe(first!.hash);
    expect(second!.hash).toBe(chainHash(first!.hash!, second!));
    // What was hashed is what jsonb kept: dates as text, undefined keys gone.
    expect(second!.after).toEqual({ n: 2, when: '1970-01-01T00:00:00.000Z' });
    const [head] = await database.db.select().from(auditHead);
    expect(head).toMatchObject({ lastId: second!.id, lastHash: second!.hash, unchainedThrough: 0 });
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, rows: 2, unchained: 0 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE on audit_log in SQL', async () => {
    const before = await rows();
    const { db } = database;
    expect(await failure(db.execute(sql`update audit_log set action = 'forged'`))).toMatch(
      /audit_log is append-only: UPDATE refused/,
    );
    expect(await failure(db.execute(sql`delete from audit_log where id = ${before[0]!.id}`))).toMatch(
      /audit_log is append-only: DELETE refused/,
    );
    expect(await failure(db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    // Through the ORM too, and inside a transaction (which then rolls back as a whole).
    await expect(
      db.update(auditLog).set({ ip: 'x' }).where(eq(auditLog.id, before[1]!.id)),
    ).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        await audit(tx, 1_790_000_100, { actorId: null, action: 'test.rolled-back', entity: 'thing' });
        await tx.delete(auditLog).where(eq(auditLog.id, before[0]!.id));
      }),
    ).rejects.toThrow();
    expect(await rows()).toEqual(before);
  });

  it('keeps the head: no delete, no rewind, no truncate', async () => {
    const { db } = database;
    expect(await failure(db.execute(sql`delete from audit_head`))).toMatch(/only moves forward/);
    expect(await failure(db.execute(sql`update audit_head set last_id = 0`))).toMatch(/only moves forward/);
    expect(await failure(db.execute(sql`truncate audit_head`))).toMatch(/append-only/);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, rows: 2 });
  });

  it('refuses a second row after the same row, so the chain cannot fork', async () => {
    const [, second] = await rows();
    const forged = {
      at: 1,
      actorId: null,
      action: 'x',
      entity: 'y',
      entityId: null,
      before: null,
      after: null,
      ip: '',
    };
    const err = await failure(
      database.db.insert(auditLog).values({ ...forged, prevHash: second!.prevHash, hash: 'f'.repeat(64) }),
    );
    expect(err).toMatch(/audit_log_prev_hash_uq|duplicate key/);
  });
});
