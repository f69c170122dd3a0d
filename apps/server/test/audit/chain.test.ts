import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AuditVerifyResult } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';
import { verifyAuditChain } from '../../src/audit/verify.ts';
import { tamper } from './support.ts';
import { registration, staffSession, startDesk } from '../support/desk.ts';
import { fundingFixtures, PLATFORM_ACCOUNT } from '../funding/support.ts';

describe(`audit chain verification after real work, and what it catches (${testDbKind})`, () => {
  let t: TestApp;
  let sysop: string;
  let admin: string;
  beforeAll(async () => {
    ({ t, token: sysop } = await startDesk({ email: 'sysop@chain.test', role: 'SYSOP' }));
    ({ token: admin } = await staffSession(t, 'admin@chain.test', 'ADMIN'));
  });
  afterAll(() => t.stop());

  const verify = () => verifyAuditChain(t.db);
  const chained = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id));

  it('verifies after sign-ins, client edits, deposits approved and platform operations', async () => {
    // A refused sign-in, client added, edited and processed, a group, and two deposits approved and run.
    expect(
      (await t.call(calls.auth.loginAdmin, { body: { email: 'admin@chain.test', password: 'nope' } })).status,
    ).toBe(400);
    const added = await t.call(
      calls.clients.registerUser,
      {
        body: registration({
          email: 'chain.client@clients.test',
          name: 'Chloé, "CJ"',
          surname: 'Jansen',
          address: 'Line one\nLine two',
        }),
      },
      t.auth(admin),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const clientId = added.body.user._id;
    const edited = await t.call(
      calls.clients.editUser,
      {
        body: {
          _id: clientId,
          role: 'USER',
          status: 'new',
          city: 'Den Haag',
        },
      },
      t.auth(admin),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(
      (
        await t.call(
          calls.clients.processUser,
          { body: { userId: clientId, status: 'approved' } },
          t.auth(admin),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call(
          calls.groups.addGroup,
          {
            body: {
              groupId: 'real\\eur',
              groupName: 'EUR',
              groupStatus: 'active',
            },
          },
          t.auth(sysop),
        )
      ).status,
    ).toBe(200);
    for (const [login, amount] of [
      [810_001, 125.5],
      [810_002, 99.99],
    ] as const) {
      await t.platform.createAccount({ ...PLATFORM_ACCOUNT, login, name: 'C J' });
      const id = await fundingFixtures(t, () => clientId).deposit(login, amount, { depositCurrency: 'EUR' });
      expect(
        (await t.call(calls.funding.processDeposit, { body: { depositId: id } }, t.auth(admin))).status,
      ).toBe(200);
    }
    for (let i = 0; i < 10 && (await t.worker.runOnce()).claimed > 0; i++);

    const actions = new Set((await chained()).map((r) => r.action));
    for (const a of [
      'sign-in',
      'sign-in.refused',
      'client.added',
      'deposit.approve-process',
      'platform.op.succeeded',
    ])
      expect(actions).toContain(a);
    const byApi = await t.raw<AuditVerifyResult>(calls.audit.verifyAudit, { body: {} }, t.auth(sysop));
    expect(byApi.status).toBe(200);
    expect(byApi.body).toMatchObject({ ok: true, unchained: 0 });
    expect(byApi.body.rows).toBeGreaterThanOrEqual(12);
    expect(byApi.body.headHash).toMatch(/^[0-9a-f]{64}$/);
    expect(byApi.body.firstBadId).toBeUndefined();
    // Verifying is recorded too, and the chain still holds after it.
    const [last] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ action: 'audit.verified', after: expect.objectContaining({ ok: true }) });
    expect(await verify()).toMatchObject({ ok: true, rows: byApi.body.rows + 1 });
  });

  it('is for SYSOPs only', async () => {
    expect((await t.raw(calls.audit.verifyAudit, { body: {} }, t.auth(admin))).status).toBe(403);
    expect((await t.raw(calls.audit.verifyAudit, { body: {} })).status).toBe(401);
  });

  it('catches an edited row, in its content or its JSON', async () => {
    const rows = await chained();
    const target = rows[Math.floor(rows.length / 2)]!;
    await tamper(t.database, sql`update audit_log set ip = '198.51.100.66' where id = ${target.id}`);
    const r = await t.raw<AuditVerifyResult>(calls.audit.verifyAudit, { body: {} }, t.auth(sysop));
    expect(r.body).toMatchObject({ ok: false, firstBadId: target.id, problem: 'edited' });
    expect(r.body.reason).toContain(`Row ${target.id} does not match its hash`);
    await tamper(t.database, sql`update audit_log set ip = ${target.ip} where id = ${target.id}`);
    expect(await verify()).toMatchObject({ ok: true });

    const withJson = rows.find((row) => row.after !== null && row.id !== target.id)!;
    await tamper(
      t.database,
      sql`update audit_log set after = jsonb_set(after, '{forged}', 'true') where id = ${withJson.id}`,
    );
    expect(await verify()).toMatchObject({ ok: false, firstBadId: withJson.id, problem: 'edited' });
    await tamper(t.database, sql`update audit_log set after = after - 'forged' where id = ${withJson.id}`);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('catches a deleted row, in the middle and at the end', async () => {
    const rows = await chained();
    const gone = rows[3]!;
    await tamper(t.database, sql`delete from audit_log where id = ${gone.id}`);
    const r = await verify();
    expect(r).toMatchObject({ ok: false, firstBadId: rows[4]!.id, problem: 'missing' });
    // The walk goes on past the gap: every other row is checked, and only the gap is reported.
    expect(r.rows).toBe(rows.length - 1);
    expect(r.badRows).toBe(1);
    await t.db.insert(auditLog).values(gone);
    expect(await verify()).toMatchObject({ ok: true });

    const newest = rows[rows.length - 1]!;
    await tamper(t.database, sql`delete from audit_log where id = ${newest.id}`);
    const tail = await verify();
    expect(tail).toMatchObject({ ok: false, firstBadId: newest.id, problem: 'missing' });
    expect(tail.reason).toContain('newest rows are missing');
    await t.db.insert(auditLog).values(newest);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('catches reordered rows', async () => {
    const rows = await chained();
    const [a, b] = [rows[5]!.id, rows[6]!.id];
    const swap = sql`update audit_log set id = (case when id = ${-a} then ${b} else ${a} end)::int where id in (${-a}, ${-b})`;
    await tamper(t.database, sql`update audit_log set id = -id where id in (${a}, ${b})`, swap);
    const r = await verify();
    expect(r).toMatchObject({ ok: false, firstBadId: a, problem: 'reordered' });
    expect(r.reason).toContain(`stored as row ${b}`);
    await tamper(t.database, sql`update audit_log set id = -id where id in (${a}, ${b})`, swap);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('catches a row written around audit(), which carries no hash', async () => {
    const [stray] = await t.db
      .insert(auditLog)
      .values({ at: t.clock.now(), actorId: null, action: 'sneaky', entity: 'user' })
      .returning();
    expect(await verify()).toMatchObject({ ok: false, firstBadId: stray!.id, problem: 'unchained' });
    await tamper(t.database, sql`delete from audit_log where id = ${stray!.id}`);
    expect(await verify()).toMatchObject({ ok: true });
    // The trigger is back after every tampering above.
    const [first] = await chained();
    await expect(t.db.update(auditLog).set({ ip: 'x' }).where(eq(auditLog.id, first!.id))).rejects.toThrow();
  });
});
