import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, MESSAGES } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, generatedCodes, ibCodes, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { client, logsOf, quota, setQuota } from './fixtures.ts';

describe(`IB codes (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('codes.admin@desk.test'));
  });
  afterAll(() => t.stop());

  // Unchecked: each test names the fields it varies, the agent code among them.
  const add = (body: Record<string, unknown>) =>
    t.unchecked(
      calls.partners.addIbCode,
      { body: { newCode: true, name: 'Acme Ltd', statusCode: 'GOLD', ...body } },
      t.auth(token),
    );

  it('shows zero counters before an operator sets the quota, and refuses to add then', async () => {
    const r = await t.call(calls.partners.listIbCodes, { query: {} }, t.auth(token));
    expect(r.body).toEqual({
      ibs: [],
      counters: { availableIbCodes: 0, totalIbCodes: 0, availableSubcodes: 0, totalSubcodes: 0 },
      totalSize: 0,
    });
    const refused = await add({ agentCode: 500 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errors: { server: MESSAGES.noIntroducerSlots } });
  });

  it('adds an introducer with its link, spending one code slot, and lists it first with the counters', async () => {
    await setQuota(t, 2, 20);
    const r = await add({ name: '  Acme Ltd ', agentCode: 501 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.addIbCode).toMatchObject({
      name: 'Acme Ltd',
      agentCode: 501,
      statusCode: 'GOLD',
      link: 'http://console.test/register/501',
      timeCreated: t.clock.now(),
    });
    t.clock.advance(10);
    await add({ name: 'Later', agentCode: 502 });
    const list = await t.call(calls.partners.listIbCodes, { query: {} }, t.auth(token));
    expect(list.body.ibs.map((i) => i.agentCode)).toEqual([502, 501]);
    expect(list.body.counters).toEqual({
      availableIbCodes: 0,
      totalIbCodes: 12,
      availableSubcodes: 20,
      totalSubcodes: 120,
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, r.body.addIbCode._id));
    expect(audits.map((a) => a.action)).toEqual(['introducer.added']);
    const none = await add({ agentCode: 503 });
    expect(none.body).toMatchObject({ errors: { server: MESSAGES.noIntroducerSlots } });
  });

  it('requires name, agent code and status code, a free numeric agent code, and no other fields', async () => {
    await setQuota(t, 5, 20);
    const cases: [Record<string, unknown>, string][] = [
      [{ agentCode: 600, name: '' }, 'name'],
      [{ agentCode: 600, name: undefined }, 'name'],
      [{ agentCode: 600, statusCode: ' ' }, 'statusCode'],
      [{ agentCode: 600, statusCode: '<b>' }, 'statusCode'],
      [{ agentCode: '600' }, 'agentCode'],
      [{ agentCode: 6.5 }, 'agentCode'],
      [{ agentCode: -1 }, 'agentCode'],
      [{}, 'agentCode'],
      [{ agentCode: 600, newCode: false }, 'newCode'],
      [{ agentCode: 600, link: 'http://evil.test' }, 'link'],
    ];
    for (const [body, field] of cases) {
      const r = await add(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((r.body as unknown as { errors: object }).errors), JSON.stringify(body)).toContain(
        field,
      );
    }
    expect((await add({ agentCode: 600 })).status).toBe(200);
    const dup = await add({ agentCode: 600, name: 'Other' });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ errors: { agentCode: 'This agent code is already in use.' } });
    expect((await quota(t)).availableIbCodes).toBe(4);
  });

  it('renames inline through adminUpdateIbCode, keeping the agent code, and adds through it too', async () => {
    await setQuota(t, 5, 20);
    const partner = await client(t, { agentCode: 700 });
    await t.db.update(users).set({ role: 'PARTNER' }).where(eq(users.id, partner));
    const ib = (await add({ agentCode: 700, name: 'Old name' })).body.addIbCode;
    const r = await t.call(
      calls.partners.updateIbCode,
      { body: { newCode: false, ibId: ib._id, name: 'New name' } },
      t.auth(token),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.addIbCode).toMatchObject({
      _id: ib._id,
      name: 'New name',
      agentCode: 700,
      statusCode: 'GOLD',
    });
    const status = await t.call(
      calls.partners.updateIbCode,
      {
        body: {
          newCode: false,
          ibId: ib._id,
          statusCode: 'SILVER',
        },
      },
      t.auth(token),
    );
    expect(status.body.addIbCode).toMatchObject({ name: 'New name', statusCode: 'SILVER' });
    expect(await logsOf(t, partner)).toEqual(
      expect.arrayContaining(['Introducer 700 added', 'Introducer 700 updated']),
    );
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ib._id));
    expect(audits.map((a) => a.action)).toEqual([
      'introducer.added',
      'introducer.edited',
      'introducer.edited',
    ]);

    const nothing = await t.call(
      calls.partners.updateIbCode,
      { body: { newCode: false, ibId: ib._id } },
      t.auth(token),
    );
    expect(nothing.body).toMatchObject({ errors: { name: 'Nothing to change.' } });
    const agent = await t.unchecked(
      calls.partners.updateIbCode,
      { body: { newCode: false, ibId: ib._id, agentCode: 1 } },
      t.auth(token),
    );
    expect(agent.body).toMatchObject({ errors: { agentCode: 'Unknown field.' } });
    expect(
      (
        await t.call(
          calls.partners.updateIbCode,
          { body: { newCode: false, ibId: ib._id, name: ' ' } },
          t.auth(token),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call(
          calls.partners.updateIbCode,
          { body: { newCode: false, ibId: newId(), name: 'x' } },
          t.auth(token),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call(
          calls.partners.updateIbCode,
          { body: { newCode: false, ibId: 'bad', name: 'x' } },
          t.auth(token),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.unchecked(
          calls.partners.updateIbCode,
          { body: { newCode: 'yes', ibId: ib._id, name: 'x' } },
          t.auth(token),
        )
      ).status,
    ).toBe(400);

    const viaUpdate = await t.call(
      calls.partners.updateIbCode,
      {
        body: {
          newCode: true,
          name: 'Via update',
          agentCode: 701,
          statusCode: 'STANDARD',
        },
      },
      t.auth(token),
    );
    expect(viaUpdate.body.addIbCode).toMatchObject({
      agentCode: 701,
      link: 'http://console.test/register/701',
    });
  });

  it('generates unique random codes, all or none, spending subcode slots', async () => {
    await setQuota(t, 5, 12);
    await add({ agentCode: 800 });
    const empty = await t.call(
      calls.partners.listGeneratedCodes,
      { params: { agentCode: '800' } },
      t.auth(token),
    );
    expect(empty.body).toEqual({ codes: [] });

    const r = await t.call(
      calls.partners.generateCodes,
      {
        body: {
          agentCode: 800,
          numOfCodes: 10,
        },
      },
      t.auth(token),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    expect((await quota(t)).availableSubcodes).toBe(2);
    await t.call(calls.partners.generateCodes, { body: { agentCode: 800, numOfCodes: 2 } }, t.auth(token));
    const codes = (
      await t.call(calls.partners.listGeneratedCodes, { params: { agentCode: '800' } }, t.auth(token))
    ).body.codes;
    expect(codes.map((c) => c.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Link ${i + 1}`));
    expect(new Set(codes.map((c) => c.code)).size).toBe(12);
    for (const c of codes) {
      expect(c.code).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(c.link).toBe(`http://console.test/register/800?access=${c.code}`);
    }

    const tooMany = await t.call(
      calls.partners.generateCodes,
      { body: { agentCode: 800, numOfCodes: 1 } },
      t.auth(token),
    );
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ errors: { server: expect.stringContaining('0 available') } });
    expect(await t.db.select().from(generatedCodes).where(eq(generatedCodes.agentCode, 800))).toHaveLength(
      12,
    );
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'introducer.codes-generated'));
    expect(audits).toHaveLength(2);
  });

  it('refuses batch sizes outside the list, unknown introducers and bad agent codes', async () => {
    await setQuota(t, 5, 500);
    await add({ agentCode: 900 });
    for (const numOfCodes of [0, 4, 101, '10', 2.5]) {
      const r = await t.unchecked(
        calls.partners.generateCodes,
        { body: { agentCode: 900, numOfCodes } },
        t.auth(token),
      );
      expect(r.status, String(numOfCodes)).toBe(400);
      expect(r.body).toMatchObject({ errors: { numOfCodes: expect.any(String) } });
    }
    const unknown = await t.call(
      calls.partners.generateCodes,
      { body: { agentCode: 901, numOfCodes: 1 } },
      t.auth(token),
    );
    expect(unknown.body).toMatchObject({ errors: { agentCode: 'No introducer has this agent code.' } });
    expect(
      (
        await t.unchecked(
          calls.partners.generateCodes,
          { body: { agentCode: 900, numOfCodes: 1, name: 'x' } },
          t.auth(token),
        )
      ).status,
    ).toBe(400);
    expect(
      (await t.call(calls.partners.listGeneratedCodes, { params: { agentCode: '901' } }, t.auth(token)))
        .status,
    ).toBe(404);
    expect(
      (await t.call(calls.partners.listGeneratedCodes, { params: { agentCode: 'abc' } }, t.auth(token)))
        .status,
    ).toBe(400);
    expect(
      (await t.call(calls.partners.listGeneratedCodes, { params: { agentCode: '-5' } }, t.auth(token)))
        .status,
    ).toBe(400);
    expect((await quota(t)).availableSubcodes).toBe(500);
    const [ib] = await t.db.select().from(ibCodes).where(eq(ibCodes.agentCode, 900));
    expect(ib).toBeDefined();
  });

  it('needs a staff session', async () => {
    expect((await t.raw(calls.partners.listIbCodes)).status).toBe(401);
    expect((await t.raw(calls.partners.listGeneratedCodes, { params: { agentCode: '800' } })).status).toBe(
      401,
    );
    const body = { newCode: true, name: 'x', agentCode: 1, statusCode: 'x' } as const;
    expect((await t.call(calls.partners.addIbCode, { body })).status).toBe(401);
    expect(
      (await t.call(calls.partners.generateCodes, { body: { agentCode: 1, numOfCodes: 1 } })).status,
    ).toBe(401);
  });
});
