import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { bulkRequest, bulkResponse, calls, defineCall, defineRequestKindWire } from '@brokerdesk/contract';
import { auditLog, clientLogs } from '../../src/db/schema.ts';
import { defineRequestKind } from '../../src/features/requests/kind.ts';
import { planDecision, withComment } from '../../src/features/requests/planned.ts';
import { plannedExport } from '../../src/features/exports/registry.ts';
import { newId } from '../../src/lib/ids.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { connectStream, topicsOf } from '../events/support.ts';

/**
 * A request kind defined only here, as docs/architecture.md "Add a request kind" says: its table (the
 * migration below), its wire definition, its server definition and its bulk call. Nothing in src knows
 * it: it is decided through the same engine and bulk route as the product's kinds, its sidebar counter
 * and live topic are made from its definition when the server starts, and its list is exported by name.
 */
const gadgets = pgTable('gadget_requests', {
  id: text().primaryKey(),
  userId: text().notNull(),
  status: text().notNull(),
  comment: text().notNull().default(''),
});
const MIGRATION = sql`create table gadget_requests (
  id text primary key, user_id text not null, status text not null, comment text not null default '')`;

type Row = typeof gadgets.$inferSelect;
type Decision = { id: string; status: 'pending' | 'approved' | 'rejected'; comment: string };

const wire = defineRequestKindWire({
  name: 'gadget',
  label: 'gadget request',
  open: ['pending'],
  reasons: { reject: 'You cannot reject a gadget request without a reason' },
  counter: 'newGadgets',
  topic: 'gadget_requests',
  exportList: 'gadget-requests',
});

const bulkGadgets = defineCall({
  summary: 'Approves or rejects several gadget requests at once.',
  method: 'POST',

  path: '/api/test/adminBulkGadgets',
  access: 'staff',
  body: bulkRequest,
  response: bulkResponse,
});

const gadgetKind = defineRequestKind<Row, Decision>()({
  wire,
  table: gadgets,
  id: gadgets.id,
  notFound: 'No such gadget request.',
  rowId: (g) => g.id,
  status: (g) => g.status,
  userId: (g) => g.userId,
  audit: {
    entity: 'gadget_request',
    prefix: 'gadget',
    wire: (g) => ({ status: g.status, comment: g.comment }),
  },
  decide: async (ctx) => {
    const { tx, before, input } = ctx;
    const { plan } = await planDecision(ctx, wire, {
      ...before,
      target: input.status,
      comment: input.comment,
    });
    const [after] = await tx
      .update(gadgets)
      .set({ status: plan.status, comment: input.comment })
      .where(eq(gadgets.id, before.id))
      .returning();
    return {
      after: after!,
      action: plan.status,
      event: `Gadget request ${plan.status}${withComment(input.comment)}`,
    };
  },
  reply: (g) => ({ success: true as const, message: 'Gadget request updated.', status: g.status }),
  export: {
    plan: (db) =>
      plannedExport({
        table: gadgets,
        query: db.select().from(gadgets).orderBy(gadgets.id),
        name: 'gadget-requests',
        columns: [
          { header: 'Id', value: (g: Row) => g.id },
          { header: 'Status', value: (g: Row) => g.status },
        ],
      }),
  },
  bulk: {
    call: bulkGadgets,
    approve: (g) => ({ id: g.id, status: 'approved', comment: g.comment }),
    reject: (g, reason) => ({ id: g.id, status: 'rejected', comment: reason }),
  },
});

// Sorted, so the export's rows come in this order.
const [g1, g2, g3, g4] = [newId(), newId(), newId(), newId()].sort() as [string, string, string, string];
const unknown = newId();

describe('a request kind defined only in the tests', () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  const statusOf = async (id: string) =>
    (await t.db.select({ status: gadgets.status }).from(gadgets).where(eq(gadgets.id, id)))[0]?.status;

  beforeAll(async () => {
    t = await startTestApp({ requestKinds: [gadgetKind], beforeStart: (db) => db.execute(MIGRATION) });
    await t.createUser({ email: 'desk@broker.test', password: 'a-long-staff-password', role: 'ADMIN' });
    token = await t.signIn('desk@broker.test', 'a-long-staff-password');
    clientId = await t.createUser({ email: 'client@broker.test', role: 'USER' });
    await t.db
      .insert(gadgets)
      .values([g1, g2, g3].map((id) => ({ id, userId: clientId, status: 'pending' })));
  });
  afterAll(() => t.stop());

  const counters = async () => (await t.call(calls.system.countNewRequests, {}, t.auth(token))).body;

  it('counts its pending requests in the sidebar counters, by the name its definition gives', async () => {
    expect((await counters()).newGadgets).toBe(3);
  });

  const bulk = (body: { action: string; ids: string[]; reason?: string }) =>
    t.raw<{ results?: unknown[]; errors?: Record<string, string> }>(bulkGadgets, { body }, t.auth(token));

  it('approves through its bulk call, with the client log line and the audit row of any decision', async () => {
    const r = await bulk({ action: 'approve', ids: [g1] });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([{ _id: g1, ok: true, message: 'Gadget request updated.' }]);
    expect(await statusOf(g1)).toBe('approved');
    const logs = await t.db.select().from(clientLogs).where(eq(clientLogs.userId, clientId));
    expect(logs.map((l) => l.event)).toContain('Gadget request approved');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, g1));
    expect(rows.map((a) => [a.action, a.entity])).toEqual([['gadget.approved', 'gadget_request']]);
  });

  it("refuses a rejection without a reason with the kind's own words, and changes nothing", async () => {
    const r = await bulk({ action: 'reject', ids: [g2] });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ reason: 'You cannot reject a gadget request without a reason' });
    expect(await statusOf(g2)).toBe('pending');
  });

  it("rejects with a reason, and refuses a row that is no longer open with 409 in the kind's words", async () => {
    const r = await bulk({ action: 'reject', ids: [g2, g1, unknown], reason: 'Not in stock' });
    expect(r.body.results).toEqual([
      { _id: g2, ok: true, message: 'Gadget request updated.' },
      { _id: g1, ok: false, status: 409, error: 'This gadget request is already approved.' },
      { _id: unknown, ok: false, status: 404, error: 'No such gadget request.' },
    ]);
    expect(await statusOf(g2)).toBe('rejected');
    expect(await statusOf(g3)).toBe('pending');
  });

  it('keeps its counter as decisions move requests on', async () => {
    // g1 approved and g2 rejected above: only g3 waits.
    expect((await counters()).newGadgets).toBe(1);
  });

  it('announces a change of its table on its live topic', async () => {
    const stream = await connectStream(t.base, token);
    try {
      await stream.next('ready');
      await t.db.insert(gadgets).values({ id: g4, userId: clientId, status: 'pending' });
      expect(topicsOf(await stream.change('gadget_requests'))).toContain('gadget_requests');
    } finally {
      stream.close();
    }
    expect((await counters()).newGadgets).toBe(2);
  });

  it('exports its list as CSV under the name its wire half gives, and refuses a name no list has', async () => {
    const link = await t.call(
      calls.exports.createExport,
      { body: { list: 'gadget-requests', request: { filters: {} } } },
      t.auth(token),
    );
    expect(link.status).toBe(200);
    expect(link.body.filename).toMatch(/^gadget-requests-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await fetch(t.base + link.body.url)).text();
    expect(csv.trimEnd().split('\r\n')).toEqual([
      '"Id","Status"',
      `"${g1}","approved"`,
      `"${g2}","rejected"`,
      `"${g3}","pending"`,
      `"${g4}","pending"`,
    ]);
    const refused = await t.call(
      calls.exports.createExport,
      { body: { list: 'gizmo-requests', request: { filters: {} } } },
      t.auth(token),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: { list: 'No such list.' } });
  });
});
