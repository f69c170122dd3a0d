import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, MESSAGES } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, ibCodes, ibRequests, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { client, ibRequest, logsOf, quota, setQuota } from './fixtures.ts';

describe(`IB requests (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let staffId: string;
  beforeAll(async () => {
    ({ t, token, staffId } = await startDesk({ email: 'ib.admin@desk.test', name: 'Ida' }));
  });
  afterAll(() => t.stop());

  // Unchecked: bad decisions go through the same helper.
  const process = (body: unknown) => t.unchecked(calls.partners.processIbRequest, { body }, t.auth(token));
  const list = () => t.call(calls.partners.listIbRequests, { query: {} }, t.auth(token));
  const request = async (id: string) =>
    (await t.db.select().from(ibRequests).where(eq(ibRequests.id, id)))[0]!;
  const user = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('approves: the client becomes a PARTNER with the first agent code, an introducer and a spent slot', async () => {
    await setQuota(t, 2, 10);
    const referrer = await client(t, { name: 'Rita', agentCode: null });
    const reqId = await ibRequest(t, referrer);
    const r = await process({ userId: referrer, status: 'approved', comment: 'Welcome aboard.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, agentCode: 10_001 });
    expect(r.body.message).toContain('10001');
    expect(await user(referrer)).toMatchObject({ role: 'PARTNER', agentCode: 10_001 });
    const [ib] = await t.db.select().from(ibCodes).where(eq(ibCodes.agentCode, 10_001));
    expect(ib).toMatchObject({
      name: 'Rita Staff',
      link: 'http://console.test/register/10001',
      statusCode: 'STANDARD',
      timeApproved: t.clock.now(),
    });
    expect(ib!.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await request(reqId)).toMatchObject({ status: 'approved', comment: 'Welcome aboard.' });
    expect((await quota(t)).availableIbCodes).toBe(1);
    expect(await logsOf(t, referrer)).toContain('IB request approved, agent code 10001: Welcome aboard.');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.actorId, staffId));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['ib-request.approved', 'client.made-partner']),
    );
  });

  it('takes the code above the highest one in use, by introducers or by clients', async () => {
    await setQuota(t, 5, 10);
    await t.db.insert(ibCodes).values({
      id: newId(),
      name: 'Affiliate',
      code: 'AFFILIAT',
      agentCode: 20_000,
      statusCode: 'GOLD',
      link: 'http://console.test/register/20000',
      timestamp: 1,
      timeCreated: 1,
    });
    const a = await client(t);
    await ibRequest(t, a);
    expect((await process({ userId: a, status: 'approved', comment: 'ok' })).body.agentCode).toBe(20_001);
    await client(t, { agentCode: 30_000 });
    const b = await client(t, { agentCode: 20_000 });
    await ibRequest(t, b);
    expect((await process({ userId: b, status: 'approved', comment: 'ok' })).body.agentCode).toBe(30_001);
    // A referred client's old introducer code is replaced by their own; the audit keeps the old one.
    const [made] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, b));
    expect(made!.before).toEqual({ role: 'USER', agentCode: 20_000 });
  });

  it('rejects with a comment, spending nothing and leaving the client as they were', async () => {
    await setQuota(t, 3, 10);
    const c = await client(t);
    const reqId = await ibRequest(t, c);
    const r = await process({ userId: c, status: 'rejected', comment: 'Marketing plan not compliant.' });
    expect(r.body).toEqual({ success: true, message: 'The IB request was rejected.' });
    expect(await request(reqId)).toMatchObject({
      status: 'rejected',
      comment: 'Marketing plan not compliant.',
    });
    expect(await user(c)).toMatchObject({ role: 'USER', agentCode: null });
    expect((await quota(t)).availableIbCodes).toBe(3);
    expect(await logsOf(t, c)).toContain('IB request rejected: Marketing plan not compliant.');
  });

  it('needs a comment either way, and refuses bad bodies with field errors', async () => {
    const c = await client(t);
    await ibRequest(t, c);
    for (const status of ['approved', 'rejected']) {
      const r = await process({ userId: c, status, comment: '   ' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errors: { comment: 'A comment is required.' } });
    }
    const missing = await process({ userId: c, status: 'approved' });
    expect(missing.body).toMatchObject({ errors: { comment: expect.any(String) } });
    expect((await process({ userId: c, status: 'pending', comment: 'x' })).body).toMatchObject({
      errors: { status: expect.any(String) },
    });
    expect((await process({ userId: 'nope', status: 'approved', comment: 'x' })).body).toMatchObject({
      errors: { userId: expect.any(String) },
    });
    const extra = await process({ userId: c, status: 'approved', comment: 'x', agentCode: 5 });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ errors: { agentCode: 'Unknown field.' } });
    expect((await t.raw(calls.partners.processIbRequest, { body: 'not json' }, t.auth(token))).status).toBe(
      400,
    );
    expect(await user(c)).toMatchObject({ role: 'USER' });
  });

  it('answers 409 for a request no longer pending and 404 for a client without one', async () => {
    await setQuota(t, 3, 10);
    const c = await client(t);
    await ibRequest(t, c);
    expect((await process({ userId: c, status: 'rejected', comment: 'No.' })).status).toBe(200);
    const again = await process({ userId: c, status: 'approved', comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errors: { server: 'This IB request is already rejected.' } });
    expect(await user(c)).toMatchObject({ role: 'USER' });
    const none = await process({ userId: await client(t), status: 'approved', comment: 'x' });
    expect(none.status).toBe(404);
    expect((await process({ userId: newId(), status: 'approved', comment: 'x' })).status).toBe(404);
  });

  it('refuses approval without an introducer slot, leaving the request pending', async () => {
    await setQuota(t, 0, 10);
    const c = await client(t);
    const reqId = await ibRequest(t, c);
    const before = await t.db.select().from(ibCodes);
    const r = await process({ userId: c, status: 'approved', comment: 'Welcome' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ errors: { server: MESSAGES.noIntroducerSlots } });
    expect(await request(reqId)).toMatchObject({ status: 'pending', comment: '' });
    expect(await user(c)).toMatchObject({ role: 'USER', agentCode: null });
    expect(await t.db.select().from(ibCodes)).toHaveLength(before.length);
  });

  it('gives the last slot to one of two simultaneous approvals', async () => {
    await setQuota(t, 1, 10);
    const a = await client(t);
    const b = await client(t);
    await ibRequest(t, a);
    await ibRequest(t, b);
    const replies = await Promise.all([
      process({ userId: a, status: 'approved', comment: 'ok' }),
      process({ userId: b, status: 'approved', comment: 'ok' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await quota(t)).availableIbCodes).toBe(0);
  });

  it('retries a request that ended in error, and refuses to make a partner twice', async () => {
    await setQuota(t, 3, 10);
    const c = await client(t);
    const reqId = await ibRequest(t, c, 'error');
    expect((await process({ userId: c, status: 'approved', comment: 'Retried' })).status).toBe(200);
    expect(await request(reqId)).toMatchObject({ status: 'approved', errorMessage: '' });
    await ibRequest(t, c, 'pending', t.clock.now() + 5);
    const twice = await process({ userId: c, status: 'approved', comment: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ errors: { server: 'This client is already a partner.' } });
  });

  it('lists pending requests first, then the newest, with the clients they belong to', async () => {
    const old = await client(t, { name: 'Olga' });
    const fresh = await client(t, { name: 'Fred', agentCode: 20_000 });
    const oldId = await ibRequest(t, old, 'pending', t.clock.now() - 3600);
    const doneId = await ibRequest(t, fresh, 'rejected', t.clock.now() + 3600);
    const r = await list();
    expect(r.status).toBe(200);
    const ids = r.body.requestsData.map((x) => x._id);
    const firstClosed = r.body.requestsData.findIndex((x) => x.status !== 'pending' && x.status !== 'error');
    expect(
      r.body.requestsData.slice(0, firstClosed).every((x) => ['pending', 'error'].includes(x.status)),
    ).toBe(true);
    expect(ids.indexOf(oldId)).toBeLessThan(firstClosed);
    expect(ids[firstClosed]).toBe(doneId);
    expect(r.body.totalSize).toBe(ids.length);
    expect(r.body.usersData[old]).toEqual({
      name: 'Olga',
      surname: 'Staff',
      email: expect.any(String),
      agentCode: null,
    });
    expect(r.body.usersData[fresh]).toMatchObject({ name: 'Fred', agentCode: 20_000 });
    expect(r.body.requestsData[0]).toHaveProperty('question1');
  });

  it('needs a staff session', async () => {
    expect((await t.raw(calls.partners.listIbRequests)).status).toBe(401);
    const body = { userId: newId(), status: 'approved', comment: 'x' } as const;
    expect((await t.call(calls.partners.processIbRequest, { body })).status).toBe(401);
  });
});
