import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { connectStream, type LiveStream } from '../events/support.ts';
import { auditLog, reconciliationMismatches } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { seeder } from './support.ts';

/**
 * One approved deposit, two deals under its operation key on the platform: the money moved twice. A
 * run records it as a critical mismatch, every open console hears of it at once (live event, red badge
 * on Reconciliation), and every active SYSOP gets a mail. It stays open until acknowledged, and comes
 * back if more deals turn up under the key.
 */
describe(`a deal comment on the platform twice is a critical mismatch (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let s: ReturnType<typeof seeder>;
  let stream: LiveStream;
  let login: number;
  let depositId: string;
  let from: number;
  const sysops = ['sys1@critical.test', 'sys2@critical.test'];

  const run = () =>
    t.call(calls.reconciliation.runReconciliation, { body: { from, to: t.clock.now() } }, t.auth(token));
  const alerts = () => t.call(calls.reconciliation.listReconciliationAlerts, {}, t.auth(token));
  const badge = async () =>
    (await t.call(calls.system.countNewRequests, {}, t.auth(token))).body.criticalMismatches;
  const acknowledge = (id: string) =>
    t.call(calls.reconciliation.acknowledgeReconciliationAlert, { params: { id } }, t.auth(token));
  const mailsTo = (to: string) => t.smtp.mails.filter((m) => m.to.includes(to) && /CRITICAL/.test(m.subject));

  beforeAll(async () => {
    ({ t, token } = await startDesk({ email: 'ada@critical.test', name: 'Ada' }));
    for (const email of sysops) await t.createUser({ email, role: 'SYSOP' });
    await t.createUser({ email: 'gone@critical.test', role: 'SYSOP', status: 'disabled' });
    const clientId = await t.createUser({ email: 'client@critical.test', role: 'USER' });
    s = seeder(t, token, clientId);
    from = t.clock.now();
    login = await s.account();
    depositId = await s.deposit(login, 250);
    await s.approve('deposit', depositId);
    // MT5 applied the credit a second time (a request that landed after the caller gave up on it).
    await t.platform.balance(login, 250, `dep:${depositId}`);
    stream = await connectStream(t.base, token);
    await stream.next('ready');
  });
  // Stopping the app ends the open stream (as in the live-updates tests).
  afterAll(() => t.stop());

  it('records it, pushes it to the console at once, badges Reconciliation and mails every active SYSOP', async () => {
    expect(await badge()).toBe(0);
    const r = await run();
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('mismatches');
    expect(r.body.mismatches).toEqual([
      expect.objectContaining({
        kind: 'duplicate_deal',
        critical: true,
        login,
        requestType: 'deposit',
        requestId: depositId,
        comment: `dep:${depositId}`,
        dealAmount: 250,
        note: expect.stringMatching(/moved twice/),
      }),
    ]);
    const [stored] = await t.db
      .select()
      .from(reconciliationMismatches)
      .where(eq(reconciliationMismatches.reportId, r.body._id));
    expect(stored).toMatchObject({ kind: 'duplicate_deal', critical: true });

    await stream.change('reconciliation_alerts');
    expect(await badge()).toBe(1);
    const open = await alerts();
    expect(open.status).toBe(200);
    expect(open.body.open).toBe(1);
    expect(open.body.alerts[0]).toMatchObject({
      login,
      comment: `dep:${depositId}`,
      dealCount: 2,
      requestType: 'deposit',
      requestId: depositId,
      reportId: r.body._id,
      acknowledgedAt: null,
    });
    expect(open.body.alerts[0]!.dealIds).toHaveLength(2);

    for (const to of sysops) {
      const mails = mailsTo(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`dep:${depositId}`);
      expect(mails[0]!.text).toContain(`account ${login}`);
      expect(mails[0]!.text).toContain(`http://console.test/reconciliation?report=${r.body._id}`);
    }
    expect(mailsTo('gone@critical.test')).toHaveLength(0);
    expect(mailsTo('ada@critical.test')).toHaveLength(0);
  });

  it('is one alert however many runs find it again, mailed once', async () => {
    t.clock.advance(60);
    const again = await run();
    expect(again.body.mismatches.map((m) => m.kind)).toEqual(['duplicate_deal']);
    expect((await alerts()).body.open).toBe(1);
    expect(await badge()).toBe(1);
    for (const to of sysops) expect(mailsTo(to)).toHaveLength(1);
  });

  it('is acknowledged once (audited); a third deal under the key opens it again and mails again', async () => {
    const [alert] = (await alerts()).body.alerts;
    const ack = await acknowledge(alert!._id);
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ acknowledgedAt: t.clock.now(), acknowledgedBy: expect.any(String) });
    await stream.change('reconciliation_alerts');
    expect(await badge()).toBe(0);
    expect((await acknowledge(alert!._id)).status).toBe(409);
    expect((await acknowledge(newId())).status).toBe(404);
    expect((await acknowledge('not-an-id')).status).toBe(400);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reconciliation_alert'), eq(auditLog.entityId, alert!._id)));
    expect(trail.map((a) => a.action)).toEqual(['reconciliation.alert-acknowledged']);

    // Found again as it was: stays acknowledged.
    t.clock.advance(60);
    await run();
    expect(await badge()).toBe(0);

    await t.platform.balance(login, 250, `dep:${depositId}`);
    t.clock.advance(60);
    await run();
    expect(await badge()).toBe(1);
    expect((await alerts()).body.alerts[0]).toMatchObject({
      _id: alert!._id,
      dealCount: 3,
      acknowledgedAt: null,
    });
    for (const to of sysops) expect(mailsTo(to)).toHaveLength(2);
  });

  it('flags retries of one request that both landed: the money moved twice under two keys', async () => {
    const other = await s.account();
    // A request retried under its next key (dep:<id>:2) while the first send had landed after all.
    const retried = await s.deposit(other, 40, 'done');
    await t.platform.balance(other, 40, `dep:${retried}`);
    await t.platform.balance(other, 40, `dep:${retried}:2`);
    t.clock.advance(60);
    const r = await t.call(
      calls.reconciliation.runReconciliation,
      { body: { login: other, from, to: t.clock.now() } },
      t.auth(token),
    );
    expect(r.body.mismatches).toEqual([
      expect.objectContaining({ kind: 'duplicate_deal', critical: true, requestId: retried }),
    ]);
    const open = (await alerts()).body.alerts.find((a) => a.login === other);
    expect(open).toMatchObject({ comment: `dep:${retried}`, dealCount: 2 });
  });

  it('flags a deal for a request the console does not count as done (a restored database): alerted and mailed', async () => {
    const restored = await s.account();
    // Approved and credited, then the database was restored from a backup taken before the approval.
    const pending = await s.deposit(restored, 75);
    await t.platform.balance(restored, 75, `dep:${pending}`);
    t.clock.advance(60);
    const mailsBefore = mailsTo(sysops[0]!).length;
    const r = await t.call(
      calls.reconciliation.runReconciliation,
      { body: { login: restored, from, to: t.clock.now() } },
      t.auth(token),
    );
    expect(r.body.mismatches).toEqual([
      expect.objectContaining({
        kind: 'unapproved_deal',
        critical: true,
        requestId: pending,
        requestStatus: 'pending',
        note: expect.stringContaining('status pending'),
      }),
    ]);
    const open = (await alerts()).body.alerts.find((a) => a.login === restored);
    expect(open).toMatchObject({ kind: 'unapproved_deal', comment: `dep:${pending}`, dealCount: 1 });
    const [mail] = mailsTo(sysops[0]!).slice(mailsBefore);
    expect(mail?.text).toContain(`"dep:${pending}"`);
    expect(mail?.text).toContain('does not count as done');
  });
});
