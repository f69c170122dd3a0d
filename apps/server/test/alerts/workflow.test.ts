import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALERT_MESSAGES, ALERT_SETTINGS, calls, CURRENCIES, type Alert } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { alertThresholds, auditLog } from '../../src/db/schema.ts';
import { alertFixtures, DAY } from './support.ts';

/**
 * Assigning and resolving alerts and the rules' thresholds (docs/product.md [alerts]): every refusal
 * changes nothing, every change is audited.
 */
describe(`alert assignment, resolution and thresholds (${testDbKind})`, () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let sysop: string;
  let f: ReturnType<typeof alertFixtures>;

  beforeAll(async () => {
    ({ t, token: ann } = await startDesk('alerts-ann@desk.test'));
    bob = await t.signInStaff('alerts-bob@desk.test', 'ADMIN');
    sysop = await t.signInStaff('alerts-sysop@desk.test', 'SYSOP');
    f = alertFixtures(t, () => ann);
  });
  afterAll(() => t.stop());

  /** A fresh open alert (a withdrawal with no trading since its deposit). */
  async function anAlert(): Promise<Alert> {
    const id = await f.client();
    await f.deposit(id, { depositAmountSent: 100, timestamp: t.clock.now() - 3 * DAY });
    await f.withdrawal(id, { withdrawalAmount: 10 });
    const r = await f.evaluate(id);
    return r.raised.find((a) => a.rule === 'low-trading')!;
  }
  const assign = (alertId: string, token: string) =>
    t.call(calls.alerts.assignAlert, { params: { alertId } }, t.auth(token));
  const resolve = (
    alertId: string,
    token: string,
    note: string,
    outcome: 'cleared' | 'confirmed' = 'cleared',
  ) => t.refused(calls.alerts.resolveAlert, { params: { alertId }, body: { outcome, note } }, t.auth(token));
  const auditOf = (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'alert'), eq(auditLog.entityId, id)));

  it('lists open alerts with client, request, rule, facts and age, paged', async () => {
    const a = await anAlert();
    t.clock.advance(120);
    const r = await t.call(calls.alerts.listAlerts, { query: { pageSize: 1 } }, t.auth(ann));
    expect(r.status).toBe(200);
    expect(r.body.alerts).toHaveLength(1);
    expect(r.body.total).toBeGreaterThanOrEqual(1);
    const all = await f.openOf(a.userId);
    expect(all[0]).toMatchObject({
      id: a.id,
      clientName: 'Ann Lee',
      requestType: 'withdrawal',
      rule: 'low-trading',
      status: 'open',
      assignedTo: null,
    });
    expect(all[0]!.summary).toContain('Withdrawal of 10.00 EUR');
    const bad = await t.unchecked(calls.alerts.listAlerts, { query: { status: 'gone' } }, t.auth(ann));
    expect(bad.status).toBe(400);
  });

  it('assigns, refuses another’s resolution until taken over, needs a note, and resolves once', async () => {
    const a = await anAlert();
    expect((await assign(a.id, ann)).body.alert.assignedTo).not.toBeNull();

    const blank = await resolve(a.id, ann, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ note: ALERT_MESSAGES.noteRequired });

    const other = await resolve(a.id, bob, 'Checked the statement.');
    expect(other.status).toBe(409);
    expect(Object.values(other.body.errors)[0]).toContain('Assign it to yourself first');
    expect((await f.openOf(a.userId))[0]!.status).toBe('open');

    const takeOver = await assign(a.id, bob);
    expect(takeOver.status).toBe(200);
    const done = await t.call(
      calls.alerts.resolveAlert,
      {
        params: { alertId: a.id },
        body: { outcome: 'confirmed', note: 'Card and IBAN belong to a third party.' },
      },
      t.auth(bob),
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: ALERT_MESSAGES.confirmed, alert: { status: 'confirmed' } });

    const twice = await resolve(a.id, bob, 'Again.');
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual({ server: ALERT_MESSAGES.alreadyResolved('confirmed') });
    expect((await assign(a.id, ann)).status).toBe(409);

    const actions = (await auditOf(a.id)).map((r) => r.action);
    expect(actions).toEqual(['alert.raised', 'alert.assigned', 'alert.assigned', 'alert.confirmed']);
  });

  it('resolves an unassigned alert for whoever resolves it; 404 for an unknown alert', async () => {
    const a = await anAlert();
    const r = await t.call(
      calls.alerts.resolveAlert,
      { params: { alertId: a.id }, body: { outcome: 'cleared', note: 'Client explained.' } },
      t.auth(ann),
    );
    expect(r.status).toBe(200);
    expect(r.body.alert).toMatchObject({ status: 'cleared', note: 'Client explained.' });
    expect((await assign('b'.repeat(24), ann)).status).toBe(404);
    expect((await resolve('b'.repeat(24), ann, 'x')).status).toBe(404);
  });

  it('lets staff read the thresholds and only a SYSOP set them, within range, audited', async () => {
    const list = await t.call(calls.alerts.listAlertThresholds, {}, t.auth(ann));
    expect(list.status).toBe(200);
    expect(list.body.thresholds).toHaveLength(
      ALERT_SETTINGS.reduce((n, s) => n + (s.money ? CURRENCIES.length : 1), 0),
    );
    const body = { rule: 'round-trip', setting: 'share-percent', currency: '', value: 90 } as const;

    expect((await t.refused(calls.alerts.setAlertThreshold, { body }, t.auth(ann))).status).toBe(403);
    for (const bad of [
      { ...body, value: 101 },
      { ...body, value: 0 },
      { ...body, currency: 'EUR' as const },
      { ...body, setting: 'nothing' },
      { ...body, value: 80.123 },
    ]) {
      const r = await t.refused(calls.alerts.setAlertThreshold, { body: bad }, t.auth(sysop));
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const [before] = await t.db
      .select()
      .from(alertThresholds)
      .where(and(eq(alertThresholds.rule, 'round-trip'), eq(alertThresholds.setting, 'share-percent')));
    expect(before!.value).toBe(80);

    const ok = await t.call(calls.alerts.setAlertThreshold, { body }, t.auth(sysop));
    expect(ok.status).toBe(200);
    expect(ok.body.thresholds.find((x) => x.setting === 'share-percent')!.value).toBe(90);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'alert-threshold.set'), eq(auditLog.entityId, 'round-trip:share-percent:')),
      );
    expect(row).toBeDefined();
  });
});
