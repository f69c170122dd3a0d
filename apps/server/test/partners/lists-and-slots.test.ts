import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, MESSAGES, SLOT_MESSAGES, type ErrorBody } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { staffSession, startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, ibCodes, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { client, ibRequest, quota } from './fixtures.ts';

/** The IB lists are server-paged (no cap), and a SYSOP adds introducer and subcode slots. */
describe(`IB lists paged on the server, and adding slots (${testDbKind})`, () => {
  let t: TestApp;
  let sysop: string;
  let admin: string;
  beforeAll(async () => {
    ({ t, token: sysop } = await startDesk({ email: 'sys@slots.test', role: 'SYSOP' }));
    ({ token: admin } = await staffSession(t, 'adm@slots.test', 'ADMIN'));
  });
  afterAll(() => t.stop());

  const page = (extra: Record<string, unknown> = {}) => ({ page: 1, sizePerPage: 50, filters: {}, ...extra });
  /** A page of the IB requests or codes as an ADMIN sees it (50 from the first, unless `extra` says). */
  const ibRequests = (extra: Record<string, unknown> = {}) =>
    t.call(calls.partners.pageIbRequests, { body: page(extra) }, t.auth(admin));
  const codesPage = (extra: Record<string, unknown> = {}) =>
    t.call(calls.partners.pageIbCodes, { body: page(extra) }, t.auth(admin));

  it('adds slots for a SYSOP only: available and total grow together, audited', async () => {
    const refused = await t.call(calls.partners.addIbSlots, { body: { ibCodes: 5 } }, t.auth(admin));
    expect(refused.status).toBe(403);
    expect(await quota(t).catch(() => undefined)).toBeUndefined();

    const first = await t.call(
      calls.partners.addIbSlots,
      { body: { ibCodes: 3, subcodes: 40 } },
      t.auth(sysop),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: SLOT_MESSAGES.added(3, 40),
      counters: { availableIbCodes: 3, totalIbCodes: 3, availableSubcodes: 40, totalSubcodes: 40 },
    });
    // Spend one code, then add more: the spent one stays spent.
    const added = await t.call(
      calls.partners.addIbCode,
      {
        body: {
          newCode: true,
          name: 'Acme',
          agentCode: 70_001,
          statusCode: 'GOLD',
        },
      },
      t.auth(admin),
    );
    expect(added.status).toBe(200);
    const second = await t.call(calls.partners.addIbSlots, { body: { ibCodes: 2 } }, t.auth(sysop));
    expect(second.body.counters).toEqual({
      availableIbCodes: 4,
      totalIbCodes: 5,
      availableSubcodes: 40,
      totalSubcodes: 40,
    });
    const listed = await t.call(calls.partners.listIbCodes, { query: {} }, t.auth(admin));
    expect(listed.body.counters).toEqual(second.body.counters);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'introducer.slots-added'));
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      entity: 'ib_quota',
      before: { availableIbCodes: 2, totalIbCodes: 3 },
      after: { availableIbCodes: 4, totalIbCodes: 5, added: { ibCodes: 2, subcodes: 0 } },
    });
  });

  it('refuses nothing to add, negative, fractional, oversized or unknown amounts, changing nothing', async () => {
    const before = await quota(t);
    const cases: [unknown, string][] = [
      [{}, 'ibCodes'],
      [{ ibCodes: 0, subcodes: 0 }, 'ibCodes'],
      [{ ibCodes: -1 }, 'ibCodes'],
      [{ subcodes: 1.5 }, 'subcodes'],
      [{ ibCodes: '5' }, 'ibCodes'],
      [{ subcodes: 100_001 }, 'subcodes'],
      [{ ibCodes: 1, extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const r = await t.raw<ErrorBody>(calls.partners.addIbSlots, { body }, t.auth(sysop));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.errors).join(' '), JSON.stringify(body)).toContain(field);
    }
    const nothing = await t.raw<ErrorBody>(calls.partners.addIbSlots, { body: {} }, t.auth(sysop));
    expect(nothing.body.errors.ibCodes).toBe(SLOT_MESSAGES.nothing);
    expect(await quota(t)).toEqual(before);
  });

  it('lets a request wait for slots: approval fails with no slot, then works once a SYSOP adds one', async () => {
    const q = await quota(t);
    // Use up the introducer slots.
    for (let i = 0; i < q.availableIbCodes; i++) {
      const r = await t.call(
        calls.partners.addIbCode,
        {
          body: {
            newCode: true,
            name: `Filler ${i}`,
            agentCode: 71_000 + i,
            statusCode: 'STANDARD',
          },
        },
        t.auth(admin),
      );
      expect(r.status).toBe(200);
    }
    const userId = await client(t, { name: 'Waiting' });
    await ibRequest(t, userId);
    const blocked = await t.call(
      calls.partners.processIbRequest,
      { body: { userId, status: 'approved', comment: 'Welcome' } },
      t.auth(admin),
    );
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ errors: { server: MESSAGES.noIntroducerSlots } });
    expect((await t.call(calls.partners.addIbSlots, { body: { ibCodes: 1 } }, t.auth(sysop))).status).toBe(
      200,
    );
    const approved = await t.call(
      calls.partners.processIbRequest,
      { body: { userId, status: 'approved', comment: 'Welcome' } },
      t.auth(admin),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(u!.role).toBe('PARTNER');
  });

  it('pages IB requests on the server: open ones first by default, sorted and filtered on request', async () => {
    const base = t.clock.now();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const userId = await client(t, { name: `Pager${i}`, agentCode: 80_000 + i });
      ids.push(userId);
      await ibRequest(t, userId, i % 3 === 0 ? 'rejected' : 'pending', base + i);
    }
    const all = await ibRequests({ sizePerPage: 100 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const total = all.body.totalSize;
    expect(total).toBe(all.body.requestsData.length);
    const statuses = all.body.requestsData.map((r) => r.status);
    const firstClosed = statuses.findIndex((s) => s !== 'pending' && s !== 'error');
    expect(statuses.slice(firstClosed).every((s) => s !== 'pending' && s !== 'error')).toBe(true);

    // Pages of 2 cover the same rows in the same order, with the same total on each.
    const seen: string[] = [];
    for (let p = 1; p <= Math.ceil(total / 2); p++) {
      const r = await ibRequests({ page: p, sizePerPage: 2 });
      expect(r.body.totalSize).toBe(total);
      seen.push(...r.body.requestsData.map((x) => x._id));
    }
    expect(seen).toEqual(all.body.requestsData.map((x) => x._id));

    const byName = await ibRequests({
      filters: { clientName: { filterType: 'TEXT', filterVal: 'pager' } },
      sortField: 'timestamp',
      sortOrder: 'asc',
    });
    expect(byName.body.totalSize).toBe(7);
    expect(byName.body.requestsData.map((r) => r.userId)).toEqual(ids);
    expect(Object.keys(byName.body.usersData).sort()).toEqual([...ids].sort());

    const byCode = await ibRequests({ filters: { agentCode: { filterType: 'NUMBER', filterVal: 80_004 } } });
    expect(byCode.body.requestsData.map((r) => r.userId)).toEqual([ids[4]]);
    const rejected = await ibRequests({
      filters: {
        status: { filterType: 'SELECT', filterVal: 'rejected' },
        clientName: { filterType: 'TEXT', filterVal: 'Pager' },
      },
    });
    expect(rejected.body.totalSize).toBe(3);
    const byEmail = await ibRequests({ sortField: 'email', sortOrder: 'asc', sizePerPage: 100 });
    const emails = byEmail.body.requestsData.map((r) =>
      byEmail.body.usersData[r.userId]!.email.toLowerCase(),
    );
    expect(emails).toEqual([...emails].sort());

    // The spec's GET answers a page too.
    const first = await t.call(
      calls.partners.listIbRequests,
      { query: { page: 2, sizePerPage: 3 } },
      t.auth(admin),
    );
    expect(first.body.totalSize).toBe(total);
    expect(first.body.requestsData.map((r) => r._id)).toEqual(
      all.body.requestsData.slice(3, 6).map((r) => r._id),
    );
  });

  it('pages introducers on the server with a search, and refuses fields it does not know', async () => {
    await t.call(calls.partners.addIbSlots, { body: { ibCodes: 120 } }, t.auth(sysop));
    const now = t.clock.now();
    await t.db.insert(ibCodes).values(
      Array.from({ length: 110 }, (_, i) => ({
        id: newId(now + i),
        name: `Bulk Introducer ${i}`,
        code: `bulk${i}`,
        agentCode: 90_000 + i,
        statusCode: 'STANDARD',
        link: `http://console.test/register/${90_000 + i}`,
        timestamp: now + i,
        timeCreated: now + i,
        timeApproved: now + i,
      })),
    );
    const first = await codesPage({ sizePerPage: 100 });
    expect(first.status).toBe(200);
    expect(first.body.ibs).toHaveLength(100);
    expect(first.body.totalSize).toBeGreaterThan(110);
    // Newest first: the last bulk row leads.
    expect(first.body.ibs[0]!.agentCode).toBe(90_109);
    const second = await codesPage({ page: 2, sizePerPage: 100 });
    expect(second.body.ibs.length).toBe(first.body.totalSize - 100);
    expect(second.body.counters).toEqual(first.body.counters);

    const search = await codesPage({
      filters: { q: { filterType: 'TEXT', filterVal: '9001' } },
      sortField: 'agentCode',
      sortOrder: 'asc',
    });
    // 90010..90019 by agent code, and none by name.
    expect(search.body.ibs.map((i) => i.agentCode)).toEqual(Array.from({ length: 10 }, (_, i) => 90_010 + i));
    const byName = await codesPage({ filters: { q: { filterType: 'TEXT', filterVal: 'introducer 10' } } });
    expect(byName.body.totalSize).toBe(11); // 10 and 100..109
    const wildcard = await codesPage({ filters: { q: { filterType: 'TEXT', filterVal: '%' } } });
    expect(wildcard.body.totalSize).toBe(0);

    const badSort = await codesPage({ sortField: 'code' });
    expect(badSort.status).toBe(400);
    const badFilter = await codesPage({ filters: { link: { filterType: 'TEXT', filterVal: 'x' } } });
    expect(badFilter.status).toBe(400);
    const tooBig = await codesPage({ sizePerPage: 1000 });
    expect(tooBig.status).toBe(400);
  });
});
