import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';
import { audit } from '../../src/audit/audit.ts';
import { verifyAuditChain } from '../../src/audit/verify.ts';

describe(`concurrent writers do not fork the audit chain (${testDbKind})`, () => {
  let t: TestApp;
  let tokens: string[];
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'one@race.test', password: 'Correct-Horse-1' });
    await t.createUser({ email: 'two@race.test', password: 'Correct-Horse-1' });
    tokens = [
      await t.signIn('one@race.test', 'Correct-Horse-1'),
      await t.signIn('two@race.test', 'Correct-Horse-1'),
    ];
  });
  afterAll(() => t.stop());

  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

  it('keeps one chain through parallel requests and parallel direct writes', async () => {
    const before = await count();
    const requests = Array.from({ length: 12 }, (_, i) =>
      t.call(
        calls.groups.addGroup,
        { body: { groupId: `race-${i}`, groupName: `Race ${i}`, groupStatus: 'active' } },
        t.auth(tokens[i % 2]!),
      ),
    );
    // Writers outside any transaction too: each makes its own (PostgreSQL runs them on several connections).
    const direct = Array.from({ length: 8 }, (_, i) =>
      audit(t.db, t.clock.now(), { actorId: null, action: 'test.race', entity: 'race', entityId: String(i) }),
    );
    const [replies] = await Promise.all([Promise.all(requests), Promise.all(direct)]);
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await count()).toBe(before + 20);
    const result = await verifyAuditChain(t.db);
    expect(result).toMatchObject({ ok: true, rows: before + 20 });
    const [forks] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(select prev_hash from audit_log group by prev_hash having count(*) > 1) as f`);
    expect(forks!.n).toBe(0);
  });
});
