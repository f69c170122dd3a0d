import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALERT_GATE_MESSAGES, calls, FOUR_EYES_MESSAGES } from '@brokerdesk/contract';
import { testDbKind } from '../support/db.ts';
import { signInAll } from '../support/desk.ts';
import { approvalThresholds, platformOperations } from '../../src/db/schema.ts';
import { alertDesk } from './support.ts';

const STAFF = ['sys', 'ann', 'bob'] as const;
type Who = (typeof STAFF)[number];
type Approval = { status?: string; comment?: string; alertNote?: string; alertOverride?: boolean };

/**
 * Approving a request with alerts (docs/product.md [alerts.on-approval]), in the decision engine for every
 * kind: open alerts need a note that resolves them as cleared, whoever holds them; a confirmed alert
 * leaves Reject only, unless a SYSOP overrides it with a note; four-eyes still applies.
 */
describe(`approving a request with alerts (${testDbKind})`, () => {
  const d = alertDesk(STAFF, 'gate.test');
  const { ids, tokens } = d;

  const approveWithdrawal = (who: Who, id: string, v: Approval = {}) =>
    d.t.unchecked(
      calls.funding.updateWithdrawal,
      { body: { withdrawal: { _id: id, status: 'approve_process', comment: '', ...v } } },
      d.t.auth(tokens[who]),
    );
  const withdrawal = async (amount = 100) => {
    const login = await d.f.account(5000);
    const id = await d.f.withdrawal(login, amount);
    return { id, login, request: { type: 'withdrawal' as const, id, userId: d.clientId } };
  };
  const operationsOf = (id: string) =>
    d.t.db
      .select()
      .from(platformOperations)
      .where(eq(platformOperations.idempotencyKey, `wd:${id}`));

  it('refuses an approval without a note with a 400 and changes nothing', async () => {
    const w = await withdrawal();
    const alertId = await d.a.raise(w.request);
    const second = await d.a.raise(w.request);
    const r = await approveWithdrawal('ann', w.id, { alertNote: '   ' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ alertNote: ALERT_GATE_MESSAGES.noteRequired('withdrawal', 2) });
    expect((await d.f.withdrawalRow(w.id)).status).toBe('pending');
    expect((await d.a.alert(alertId)).status).toBe('open');
    expect((await d.a.alert(second)).status).toBe('open');
    expect(await d.a.audits(w.id)).toEqual([]);
    expect(await operationsOf(w.id)).toEqual([]);
    // The row's own Approve button carries no note: the same refusal.
    const stored = await d.t.unchecked(
      calls.funding.processWithdrawal,
      { body: { withdrawalId: w.id } },
      d.t.auth(tokens.ann),
    );
    expect(stored.status).toBe(400);
    expect((await d.f.withdrawalRow(w.id)).status).toBe('pending');
  });

  it('approves with a note that resolves every open alert as cleared, the holder keeping it', async () => {
    const w = await withdrawal();
    const held = await d.a.raise(w.request, { assignedTo: ids.bob });
    const free = await d.a.raise(w.request);
    const note = 'Client traded 40 lots since; source checked.';
    const r = await approveWithdrawal('ann', w.id, { alertNote: `  ${note} ` });
    expect(r.status).toBe(200);
    expect((await d.f.withdrawalRow(w.id)).status).toBe('approved');
    for (const id of [held, free]) {
      const row = await d.a.alert(id);
      expect(row).toMatchObject({
        status: 'cleared',
        note,
        resolvedBy: ids.ann,
        resolvedAt: d.t.clock.now(),
      });
      // The note is audited with the client's id (their timeline) and the request it was approved with.
      expect((await d.a.audits(id)).map((x) => [x.action, x.actorId, x.after.note, x.after.userId])).toEqual([
        ['alert.cleared', ids.ann, note, d.clientId],
      ]);
    }
    expect((await d.a.alert(held)).assignedTo).toBe(ids.bob);
    expect((await d.a.audits(w.id)).map((x) => x.action)).toEqual(['withdrawal.approve-process']);
    await d.f.settle();
    expect((await d.f.withdrawalRow(w.id)).mtStatus).toBe('SUCCESS');

    // The holder sees who resolved it and why: on the request's alerts and in the cleared alerts.
    await signInAll(d.t, STAFF, 'gate.test', tokens);
    const shown = await d.t.call(
      calls.alerts.listRequestAlerts,
      { params: { requestType: 'withdrawal', requestId: w.id } },
      d.t.auth(tokens.bob),
    );
    expect(shown.body.alerts.find((x) => x.id === held)).toMatchObject({
      status: 'cleared',
      note,
      assignedToName: 'bob Staff',
      resolvedByName: 'ann Staff',
    });
    const cleared = await d.t.call(
      calls.alerts.listAlerts,
      { query: { status: 'cleared' } },
      d.t.auth(tokens.bob),
    );
    expect(cleared.body.alerts.find((x) => x.id === held)).toMatchObject({ note, resolvedBy: ids.ann });
  });

  it('a confirmed alert leaves Reject only; a SYSOP overrides it with a note, audited', async () => {
    const w = await withdrawal();
    const confirmed = await d.a.raise(w.request, {
      status: 'confirmed',
      assignedTo: ids.bob,
      note: 'Third-party card.',
    });
    const open = await d.a.raise(w.request);
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
    expect((await d.f.withdrawalRow(w.id)).status).toBe('pending');
    expect((await d.a.alert(open)).status).toBe('open');
    expect(await d.a.audits(w.id)).toEqual([]);

    const sysop = await approveWithdrawal('sys', w.id, { alertNote: note, alertOverride: true });
    expect(sysop.status).toBe(200);
    expect((await d.f.withdrawalRow(w.id)).status).toBe('approved');
    // The confirmed alert stays confirmed, with its own note; the override is its audit row.
    expect(await d.a.alert(confirmed)).toMatchObject({ status: 'confirmed', note: 'Third-party card.' });
    expect((await d.a.audits(confirmed)).map((x) => [x.action, x.actorId, x.after.note])).toEqual([
      ['alert.override', ids.sys, note],
    ]);
    expect(await d.a.alert(open)).toMatchObject({ status: 'cleared', note, resolvedBy: ids.sys });
  });

  it('a confirmed alert does not stand in the way of a rejection', async () => {
    const w = await withdrawal();
    const confirmed = await d.a.raise(w.request, { status: 'confirmed', assignedTo: ids.bob });
    const r = await d.t.call(
      calls.funding.updateWithdrawal,
      { body: { withdrawal: { _id: w.id, status: 'rejected', comment: 'Confirmed as suspicious.' } } },
      d.t.auth(tokens.ann),
    );
    expect(r.status).toBe(200);
    expect((await d.f.withdrawalRow(w.id)).status).toBe('rejected');
    expect((await d.a.alert(confirmed)).status).toBe('confirmed');
  });

  it('four-eyes still applies: the first approver resolves the alerts, a second approver completes it', async () => {
    await d.t.db
      .update(approvalThresholds)
      .set({ amount: 100 })
      .where(and(eq(approvalThresholds.requestType, 'withdrawal'), eq(approvalThresholds.currency, 'USD')));
    try {
      const w = await withdrawal(250);
      const alertId = await d.a.raise(w.request);
      expect((await approveWithdrawal('ann', w.id)).status).toBe(400);
      const first = await approveWithdrawal('ann', w.id, { alertNote: 'Checked the source of funds.' });
      expect(first.status).toBe(200);
      expect(first.body.message).toBe(FOUR_EYES_MESSAGES.firstApprovalRecorded);
      expect((await d.f.withdrawalRow(w.id)).status).toBe('pending');
      expect((await d.a.alert(alertId)).status).toBe('cleared');
      // The note does not let the first approver approve twice.
      const again = await approveWithdrawal('ann', w.id, { alertNote: 'Again.' });
      expect(again.status).toBe(403);
      expect(again.body.errors).toEqual({ auth: FOUR_EYES_MESSAGES.sameApprover });
      const second = await approveWithdrawal('bob', w.id);
      expect(second.status).toBe(200);
      expect((await d.f.withdrawalRow(w.id)).status).toBe('approved');
    } finally {
      await d.t.db
        .update(approvalThresholds)
        .set({ amount: 10_000 })
        .where(and(eq(approvalThresholds.requestType, 'withdrawal'), eq(approvalThresholds.currency, 'USD')));
    }
  });

  it('is the engine rule of every kind: a transfer and a deposit are held the same way', async () => {
    const from = await d.f.account(1000);
    const to = await d.f.account();
    const transferId = await d.f.transfer(from, to, 40);
    const alertId = await d.a.raise({ type: 'transfer', id: transferId, userId: d.clientId });
    const approveTransfer = (v: Approval) =>
      d.t.unchecked(
        calls.funding.updateTransfer,
        { body: { transfer: { _id: transferId, status: 'approve_process', comment: '', ...v } } },
        d.t.auth(tokens.ann),
      );
    const refused = await approveTransfer({});
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ alertNote: ALERT_GATE_MESSAGES.noteRequired('transfer', 1) });
    expect((await approveTransfer({ alertNote: 'Own accounts.' })).status).toBe(200);
    expect((await d.f.transferRow(transferId)).status).toBe('approved');
    expect((await d.a.alert(alertId)).status).toBe('cleared');

    const depositId = await d.f.deposit(await d.f.account(), 60);
    await d.a.raise({ type: 'deposit', id: depositId, userId: d.clientId }, { status: 'confirmed' });
    const deposit = await d.t.unchecked(
      calls.funding.processDeposit,
      { body: { depositId } },
      d.t.auth(tokens.sys),
    );
    expect(deposit.status).toBe(409);
    expect(deposit.body.errors).toEqual({ server: ALERT_GATE_MESSAGES.confirmed('deposit') });
    expect((await d.f.depositRow(depositId)).status).toBe('pending');
  });

  it('an alert on a request already decided does not change the 409 of deciding it again', async () => {
    const w = await withdrawal();
    expect((await approveWithdrawal('ann', w.id)).status).toBe(200);
    await d.a.raise(w.request);
    const r = await approveWithdrawal('bob', w.id);
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual({ server: 'This withdrawal is already approved.' });
  });
});
