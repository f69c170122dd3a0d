import { beforeAll } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { AlertRule, AlertStatus } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { rosterSuite } from '../funding/support.ts';
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

/** The desk of these tests (rosterSuite, its client's email `client@<domain>`) with the alert fixtures. */
export function alertDesk<W extends string>(staff: readonly W[], domain: string) {
  const d = Object.assign(rosterSuite(staff, domain, `client@${domain}`), {
    a: {} as ReturnType<typeof alertFixtures>,
  });
  beforeAll(() => {
    d.a = alertFixtures(d.t);
  });
  return d;
}
