import { afterAll, beforeAll, beforeEach } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { AlertRule, AlertStatus } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { signInAll } from '../support/desk.ts';
import { rosterFundingDesk, type fundingFixtures } from '../funding/support.ts';
import { alerts, auditLog } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

/**
 * An alert on a request as the rules raise one (docs/product.md [alerts]): its rule, the facts it saw,
 * open unless the test says it was confirmed or who holds it. Each call is another rule, so a request
 * can carry several.
 */
export function alertFixtures(t: TestApp) {
  const rules: AlertRule[] = ['round-trip', 'low-trading', 'shared-identifier', 'split-deposits'];
  let next = 0;
  async function raise(
    request: { type: 'deposit' | 'withdrawal' | 'transfer'; id: string; userId: string },
    v: { status?: AlertStatus; assignedTo?: string; note?: string } = {},
  ) {
    const id = newId();
    const rule = rules[next++ % rules.length]!;
    await t.db.insert(alerts).values({
      id,
      userId: request.userId,
      requestType: request.type,
      requestId: request.id,
      rule,
      dedupeKey: `${rule}:${request.type}:${request.id}:${id}`,
      facts: { summary: `${rule} on ${request.id}`, amount: 500, currency: 'USD' },
      status: v.status ?? 'open',
      assignedTo: v.assignedTo ?? null,
      assignedAt: v.assignedTo ? t.clock.now() : null,
      note: v.note ?? null,
      resolvedBy: v.status && v.status !== 'open' ? v.assignedTo : null,
      resolvedAt: v.status && v.status !== 'open' ? t.clock.now() : null,
      createdAt: t.clock.now(),
    });
    return id;
  }
  const alert = async (id: string) => (await t.db.select().from(alerts).where(eq(alerts.id, id)))[0]!;
  /** The audit actions about a record, oldest first, with who acted. */
  const audits = async (entityId: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.id))).map(
      (a) => ({ action: a.action, actorId: a.actorId, after: a.after as Record<string, unknown> }),
    );
  return { raise, alert, audits };
}

/**
 * The desk of these tests: an app, staff `<who>@<domain>` (the first a SYSOP) signed in afresh for each
 * test, one client with the funding and alert fixtures. Filled in by beforeAll.
 */
export function alertDesk<W extends string>(staff: readonly W[], domain: string) {
  const d = {
    ids: {} as Record<W, string>,
    tokens: {} as Record<W, string>,
  } as {
    t: TestApp;
    f: ReturnType<typeof fundingFixtures>;
    a: ReturnType<typeof alertFixtures>;
    clientId: string;
    ids: Record<W, string>;
    tokens: Record<W, string>;
  };
  beforeAll(async () => {
    d.t = await startTestApp();
    const desk = await rosterFundingDesk(d.t, staff, domain, `client@${domain}`, d.ids);
    Object.assign(d, { f: desk.f, clientId: desk.clientId, a: alertFixtures(d.t) });
  });
  // Settling moves the clock past the idle limit: fresh sessions for every test.
  beforeEach(() => signInAll(d.t, staff, domain, d.tokens));
  afterAll(() => d.t.stop());
  return d;
}
