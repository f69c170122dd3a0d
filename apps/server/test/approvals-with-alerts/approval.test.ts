import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALERT_GATE_MESSAGES, calls, FOUR_EYES_MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { signInAll } from '../support/desk.ts';
import { approvalThresholds, platformOperations } from '../../src/db/schema.ts';
import { rosterFundingDesk, type fundingFixtures } from '../funding/support.ts';
import { alertFixtures } from './support.ts';

const STAFF = ['sys', 'ann', 'bob'] as const;
type Who = (typeof STAFF)[number];
type Approval = { status?: string; comment?: string; alertNote?: string; alertOverride?: boolean };

/**
 * Approving a request with alerts (docs/product.md [alerts.on-approval]), in the decision engine for every
 * kind: open alerts need a note that resolves them as cleared, whoever holds them; a confirmed alert
 * leaves Reject only, unless a SYSOP overrides it with a note; four-eyes still applies.
 */
describe(`approving a request with alerts (${testDbKind})`, () => {
  let t: TestApp;
  let f: ReturnType<typeof fundingFixtures>;
  let a: ReturnType<typeof alertFixtures>;
  let clientId: string;
  const ids = {} as Record<Who, string>;
  const tokens = {} as Record<Who, string>;
  beforeAll(async () => {
    t = await startTestApp();
    ({ f, clientId } = await rosterFundingDesk(t, STAFF, 'gate.test', 'client@gate.test', ids));
    a = alertFixtures(t);
  });
  beforeEach(async () => {
    await signInAll(t, STAFF, 'gate.test', tokens);
  });
  afterAll(() => t.stop());

  const approveWithdrawal = (who: Who, id: string, v: Approval = {}) =>
    t.unchecked(
      calls.funding.updateWithdrawal,
      { body: { withdrawal: { _id: id, status: 'approve_process', comment: '', ...v } } },
      t.auth(tokens[who]),
    );
  const withdrawal = async (amount = 100) => {
    const login = await f.account(5000);
    const id = await f.withdrawal(login, amount);
    return { id, login, request: { type: 'withdrawal' as const, id, userId: clientId } };
  };
  const operationsOf = (id: string) =>
    t.db
      .select()
      .from(platformOperations)
      .where(eq(platformOperations.idempotencyKey, `wd:${id}`));

  it('refuses an approval without a note with a 400 and changes nothing', async () => {
    const w = await withdrawal();
    const alertId = await a.raise(w.request);
    const second = await a.raise(w.request);
    const r = await approveWithdrawal('ann', w.id, { alertNote: '   ' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ alertNote: ALERT_GATE_MESSAGES.noteRequired('withdrawal', 2) });
    expect((await f.withdrawalRow(w.id)).status).toBe('pending');
    expect((await a.alert(alertId)).status).toBe('open');
    expect((await a.alert(second)).status).toBe('open');
    expect(await a.audits(w.id)).toEqual([]);
    expect(await operationsOf(w.id)).toEqual([]);
    // The row's own Approve button carries no note: the same refusal.
    const stored = await t.unchecked(
      calls.funding.processWithdrawal,
      { body: { withdrawalId: w.id } },
      t.auth(tokens.ann),
    );
    expect(stored.status).toBe(400);
    expect((await f.withdrawalRow(w.id)).status).toBe('pending');
  });

  it('approves with a note that resolves every open alert as cleared, the holder keeping it', async () => {
    const w = await withdrawal();
    const held = await a.raise(w.request, { assignedTo: ids.bob });
    const free = await a.raise(w.request);
    const note = 'Client traded 40 lots since; source checked.';
    const r = await approveWithdrawal('ann', w.id, { alertNote: `  ${note} ` });
    expect(r.status).toBe(200);
    expect((await f.withdrawalRow(w.id)).status).toBe('approved');
    for (const id of [held, free]) {
      const row = await a.alert(id);
      expect(row).toMatchObject({ status: 'cleared', note, resolvedBy: ids.ann, resolvedAt: t.clock.now() });
      // The note is audited with the client's id (their timeline) and the request it was approved with.
      expect((await a.audits(id)).map((x) => [x.action, x.actorId, x.after.note, x.after.userId])).toEqual([
        ['alert.cleared', ids.ann, note, clientId],
      ]);
    }
    expect((await a.alert(held)).assignedTo).toBe(ids.bob);
    expect((await a.audits(w.id)).map((x) => x.action)).toEqual(['withdrawal.approve-process']);
    await f.settle();
    expect((await f.withdrawalRow(w.id)).mtStatus).toBe('SUCCESS');

    // The holder sees who resolved it and why: on the request's alerts and in the cleared alerts.
    await signInAll(t, STAFF, 'gate.test', tokens);
    const shown = await t.call(
      calls.alerts.listRequestAlerts,
      { params: { requestType: 'withdrawal', requestId: w.id } },
      t.auth(tokens.bob),
    );
    expect(shown.body.alerts.find((x) => x.id === held)).toMatchObject({
      status: 'cleared',
      note,
      assignedToName: 'bob Staff',
      resolvedByName: 'ann Staff',
    });
    const cleared = await t.call(
      calls.alerts.listAlerts,
      { query: { status: 'cleared' } },
      t.auth(tokens.bob),
    );
    expect(cleared.body.alerts.find((x) => x.id === held)).toMatchObject({ note, resolvedBy: ids.ann });
  });

  it('a confirmed alert leaves Reject only; a SYSOP overrides it with a note, audited', async () => {
    const w = await withdrawal();
    const confirmed = await a.raise(w.request, {
      status: 'confirmed',
      assignedTo: ids.bob,
      note: 'Third-party card.',
    });
    const open = await a.raise(w.request);
    const note = 'Compliance officer cleared the card holder in writing.';

    const admin = await approveWithdrawal('ann', w.id, { alertNote: note });
    expect(admin.status).toBe(409);
    expect(admin.body.errors).toEqual({ server: ALERT_GATE_MESSAGES.confirmed('withdrawal') });
    const adminOverride = await approveWithdrawal('ann', w.id, { alertNote: note, alertOverride: true });
    expect(adminOverride.status).toBe(409);
    expect(adminOverride.body.errors).toEqual({ server: ALERT_GATE_MESSAGES.overrideSysopOnly });
    const noNote = await approveWithdrawal('sys', w.id, { alertOverride: true });
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors).toEqual({ alertNote: ALERT_GATE_MESSAGES.overrideNoteRequired });
    expect((await f.withdrawalRow(w.id)).status).toBe('pending');
    expect((await a.alert(open)).status).toBe('open');
    expect(await a.audits(w.id)).toEqual([]);

    const sysop = await approveWithdrawal('sys', w.id, { alertNote: note, alertOverride: true });
    expect(sysop.status).toBe(200);
    expect((await f.withdrawalRow(w.id)).status).toBe('approved');
    // The confirmed alert stays confirmed, with its own note; the override is its audit row.
    expect(await a.alert(confirmed)).toMatchObject({ status: 'confirmed', note: 'Third-party card.' });
    expect((await a.audits(confirmed)).map((x) => [x.action, x.actorId, x.after.note])).toEqual([
      ['alert.override', ids.sys, note],
    ]);
    expect(await a.alert(open)).toMatchObject({ status: 'cleared', note, resolvedBy: ids.sys });
  });

  it('a confirmed alert does not stand in the way of a rejection', async () => {
    const w = await withdrawal();
    const confirmed = await a.raise(w.request, { status: 'confirmed', assignedTo: ids.bob });
    const r = await t.call(
      calls.funding.updateWithdrawal,
      { body: { withdrawal: { _id: w.id, status: 'rejected', comment: 'Confirmed as suspicious.' } } },
      t.auth(tokens.ann),
    );
    expect(r.status).toBe(200);
    expect((await f.withdrawalRow(w.id)).status).toBe('rejected');
    expect((await a.alert(confirmed)).status).toBe('confirmed');
  });

  it('four-eyes still applies: the first approver resolves the alerts, a second approver completes it', async () => {
    await t.db
      .update(approvalThresholds)
      .set({ amount: 100 })
      .where(and(eq(approvalThresholds.requestType, 'withdrawal'), eq(approvalThresholds.currency, 'USD')));
    try {
      const w = await withdrawal(250);
      const alertId = await a.raise(w.request);
      expect((await approveWithdrawal('ann', w.id)).status).toBe(400);
      const first = await approveWithdrawal('ann', w.id, { alertNote: 'Checked the source of funds.' });
      expect(first.status).toBe(200);
      expect(first.body.message).toBe(FOUR_EYES_MESSAGES.firstApprovalRecorded);
      expect((await f.withdrawalRow(w.id)).status).toBe('pending');
      expect((await a.alert(alertId)).status).toBe('cleared');
      // The note does not let the first approver approve twice.
      const again = await approveWithdrawal('ann', w.id, { alertNote: 'Again.' });
      expect(again.status).toBe(403);
      expect(again.body.errors).toEqual({ auth: FOUR_EYES_MESSAGES.sameApprover });
      const second = await approveWithdrawal('bob', w.id);
      expect(second.status).toBe(200);
      expect((await f.withdrawalRow(w.id)).status).toBe('approved');
    } finally {
      await t.db
        .update(approvalThresholds)
        .set({ amount: 10_000 })
        .where(and(eq(approvalThresholds.requestType, 'withdrawal'), eq(approvalThresholds.currency, 'USD')));
    }
  });

  it('is the engine rule of every kind: a transfer and a deposit are held the same way', async () => {
    const from = await f.account(1000);
    const to = await f.account();
    const transferId = await f.transfer(from, to, 40);
    const alertId = await a.raise({ type: 'transfer', id: transferId, userId: clientId });
    const approveTransfer = (v: Approval) =>
      t.unchecked(
        calls.funding.updateTransfer,
        { body: { transfer: { _id: transferId, status: 'approve_process', comment: '', ...v } } },
        t.auth(tokens.ann),
      );
    const refused = await approveTransfer({});
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ alertNote: ALERT_GATE_MESSAGES.noteRequired('transfer', 1) });
    expect((await approveTransfer({ alertNote: 'Own accounts.' })).status).toBe(200);
    expect((await f.transferRow(transferId)).status).toBe('approved');
    expect((await a.alert(alertId)).status).toBe('cleared');

    const depositId = await f.deposit(await f.account(), 60);
    await a.raise({ type: 'deposit', id: depositId, userId: clientId }, { status: 'confirmed' });
    const deposit = await t.unchecked(
      calls.funding.processDeposit,
      { body: { depositId } },
      t.auth(tokens.sys),
    );
    expect(deposit.status).toBe(409);
    expect(deposit.body.errors).toEqual({ server: ALERT_GATE_MESSAGES.confirmed('deposit') });
    expect((await f.depositRow(depositId)).status).toBe('pending');
  });

  it('an alert on a request already decided does not change the 409 of deciding it again', async () => {
    const w = await withdrawal();
    expect((await approveWithdrawal('ann', w.id)).status).toBe(200);
    await a.raise(w.request);
    const r = await approveWithdrawal('bob', w.id);
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual({ server: 'This withdrawal is already approved.' });
  });
});
