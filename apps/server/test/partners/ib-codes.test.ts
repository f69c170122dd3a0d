import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, MESSAGES, type IbCode, type IbCodesResponse } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, generatedCodes, ibCodes, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { client, logsOf, quota, setQuota } from './fixtures.ts';

type Added = { success: boolean; addIbCode: IbCode };
type Codes = { codes: { name: string; code: string; link: string }[] };

describe(`IB codes (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'codes.admin@desk.test', password: 'Correct-Horse-1' });
    token = await t.signIn('codes.admin@desk.test', 'Correct-Horse-1');
  });
  afterAll(() => t.stop());

  const post = <T = Record<string, unknown>>(url: string, body: unknown) =>
    t.call<T>('POST', `/api/admin/users/${url}`, body, t.auth(token));
  const get = <T = Record<string, unknown>>(url: string) =>
    t.call<T>('GET', `/api/admin/users/${url}`, undefined, t.auth(token));
  const add = (body: Record<string, unknown>) =>
    post<Added>('adminAddIbCode', { newCode: true, name: 'Acme Ltd', statusCode: 'GOLD', ...body });

  it('shows zero counters before an operator sets the quota, and refuses to add then', async () => {
    const r = await get<IbCodesResponse>('adminGetIbCodes');
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
    const list = await get<IbCodesResponse>('adminGetIbCodes');
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
    const r = await post<Added>('adminUpdateIbCode', { newCode: false, ibId: ib._id, name: 'New name' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.addIbCode).toMatchObject({
      _id: ib._id,
      name: 'New name',
      agentCode: 700,
      statusCode: 'GOLD',
    });
    const status = await post<Added>('adminUpdateIbCode', {
      newCode: false,
      ibId: ib._id,
      statusCode: 'SILVER',
    });
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

    const nothing = await post('adminUpdateIbCode', { newCode: false, ibId: ib._id });
    expect(nothing.body).toMatchObject({ errors: { name: 'Nothing to change.' } });
    const agent = await post('adminUpdateIbCode', { newCode: false, ibId: ib._id, agentCode: 1 });
    expect(agent.body).toMatchObject({ errors: { agentCode: 'Unknown field.' } });
    expect((await post('adminUpdateIbCode', { newCode: false, ibId: ib._id, name: ' ' })).status).toBe(400);
    expect((await post('adminUpdateIbCode', { newCode: false, ibId: newId(), name: 'x' })).status).toBe(404);
    expect((await post('adminUpdateIbCode', { newCode: false, ibId: 'bad', name: 'x' })).status).toBe(400);
    expect((await post('adminUpdateIbCode', { newCode: 'yes', ibId: ib._id, name: 'x' })).status).toBe(400);

    const viaUpdate = await post<Added>('adminUpdateIbCode', {
      newCode: true,
      name: 'Via update',
      agentCode: 701,
      statusCode: 'STANDARD',
    });
    expect(viaUpdate.body.addIbCode).toMatchObject({
      agentCode: 701,
      link: 'http://console.test/register/701',
    });
  });

  it('generates unique random codes, all or none, spending subcode slots', async () => {
    await setQuota(t, 5, 12);
    await add({ agentCode: 800 });
    const empty = await get<Codes>('adminGetGeneratedCodes/800');
    expect(empty.body).toEqual({ codes: [] });

    const r = await post<{ success: boolean; codes: Codes['codes'] }>('adminGenerateCodes', {
      agentCode: 800,
      numOfCodes: 10,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    expect((await quota(t)).availableSubcodes).toBe(2);
    await post('adminGenerateCodes', { agentCode: 800, numOfCodes: 2 });
    const codes = (await get<Codes>('adminGetGeneratedCodes/800')).body.codes;
    expect(codes.map((c) => c.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Link ${i + 1}`));
    expect(new Set(codes.map((c) => c.code)).size).toBe(12);
    for (const c of codes) {
      expect(c.code).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(c.link).toBe(`http://console.test/register/800?access=${c.code}`);
    }

    const tooMany = await post('adminGenerateCodes', { agentCode: 800, numOfCodes: 1 });
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
      const r = await post('adminGenerateCodes', { agentCode: 900, numOfCodes });
      expect(r.status, String(numOfCodes)).toBe(400);
      expect(r.body).toMatchObject({ errors: { numOfCodes: expect.any(String) } });
    }
    const unknown = await post('adminGenerateCodes', { agentCode: 901, numOfCodes: 1 });
    expect(unknown.body).toMatchObject({ errors: { agentCode: 'No introducer has this agent code.' } });
    expect((await post('adminGenerateCodes', { agentCode: 900, numOfCodes: 1, name: 'x' })).status).toBe(400);
    expect((await get('adminGetGeneratedCodes/901')).status).toBe(404);
    expect((await get('adminGetGeneratedCodes/abc')).status).toBe(400);
    expect((await get('adminGetGeneratedCodes/-5')).status).toBe(400);
    expect((await quota(t)).availableSubcodes).toBe(500);
    const [ib] = await t.db.select().from(ibCodes).where(eq(ibCodes.agentCode, 900));
    expect(ib).toBeDefined();
  });

  it('needs a staff session', async () => {
    expect((await t.raw(calls.partners.listIbCodes)).status).toBe(401);
    expect((await t.raw(calls.partners.listGeneratedCodes, { params: { agentCode: '800' } })).status).toBe(
      401,
    );
    const body = { newCode: true, name: 'x', agentCode: 1, statusCode: 'x' };
    expect((await t.call(calls.partners.addIbCode, { body })).status).toBe(401);
    expect(
      (await t.call(calls.partners.generateCodes, { body: { agentCode: 1, numOfCodes: 1 } })).status,
    ).toBe(401);
  });
});
