import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like, or } from 'drizzle-orm';
import { calls, FOUR_EYES_MESSAGES, MESSAGES, type CallBody } from '@brokerdesk/contract';
import { testDbKind } from '../support/db.ts';
import { approvalThresholds, auditLog, fundingApprovals, platformOperations } from '../../src/db/schema.ts';
import { rosterSuite } from '../funding/support.ts';

const STAFF = ['sys', 'ann', 'bob', 'cid'] as const;
type Who = (typeof STAFF)[number];

/**
 * Four-eyes approvals: above a SYSOP's threshold a request needs two approvals by two staff
 * members; the first leaves it open, the second runs the decision and its platform operation, once.
 */
describe(`four-eyes approvals (${testDbKind})`, () => {
  const d = rosterSuite(STAFF, 'desk.test', 'big@client.test', { alertRules: false });
  const { ids, tokens } = d;
  beforeAll(async () => {
    // Each test sets the thresholds it needs; a fresh database's defaults are four-eyes-defaults.test.ts's.
    await d.t.db.delete(approvalThresholds);
  });

  // Unchecked: a currency the server must refuse goes through the same helper.
  const setThreshold = (type: string, currency: string, amount: number | null, who: Who = 'sys') =>
    d.t.unchecked(
      calls.approvals.setThreshold,
      { body: { requestType: type, currency, amount } },
      d.t.auth(tokens[who]),
    );
  const approveDeposit = (who: Who, id: string) =>
    d.t.unchecked(calls.funding.processDeposit, { body: { depositId: id } }, d.t.auth(tokens[who]));
  /** The deposit modal's decision, unchecked so the refused ones go through it too. */
  const updateDeposit = (who: Who, deposit: CallBody<typeof calls.funding.updateDeposit>['deposit']) =>
    d.t.unchecked(calls.funding.updateDeposit, { body: { deposit } }, d.t.auth(tokens[who]));
  const approvalRows = (id: string) =>
    d.t.db.select().from(fundingApprovals).where(eq(fundingApprovals.requestId, id));
  const operationsOf = (id: string) =>
    d.t.db
      .select()
      .from(platformOperations)
      .where(
        or(
          like(platformOperations.idempotencyKey, `%:${id}`),
          like(platformOperations.idempotencyKey, `%:${id}:%`),
        ),
      );
  const audits = async (id: string) =>
    (await d.t.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(asc(auditLog.id))).map(
      (a) => ({
        action: a.action,
        actorId: a.actorId,
        after: a.after as Record<string, unknown> | null,
      }),
    );

  it('lets a SYSOP alone set thresholds, and audits every change', async () => {
    const refused = await setThreshold('deposit', 'USD', 100, 'ann');
    expect(refused.status).toBe(403);
    const set = await setThreshold('deposit', 'USD', 100);
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(FOUR_EYES_MESSAGES.thresholdSaved);
    const read = await d.t.call(calls.approvals.listThresholds, {}, d.t.auth(tokens.ann));
    expect(read.body.thresholds).toEqual([
      {
        requestType: 'deposit',
        currency: 'USD',
        amount: 100,
        updatedBy: ids.sys,
        updatedAt: expect.any(Number),
      },
    ]);
    expect((await setThreshold('deposit', 'USD', -1)).status).toBe(400);
    expect((await setThreshold('deposit', 'XAU', 10)).status).toBe(400);
    expect((await setThreshold('withdrawal', 'EUR', 5)).status).toBe(200);
    const removed = await setThreshold('withdrawal', 'EUR', null);
    expect(removed.body.message).toBe(FOUR_EYES_MESSAGES.thresholdRemoved);
    const trail = await d.t.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'approval-threshold.%'))
      .orderBy(asc(auditLog.id));
    expect(trail.map((a) => [a.action, a.entityId, a.actorId])).toEqual([
      ['approval-threshold.set', 'deposit:USD', ids.sys],
      ['approval-threshold.set', 'withdrawal:EUR', ids.sys],
      ['approval-threshold.removed', 'withdrawal:EUR', ids.sys],
    ]);
  });

  it('needs one approval at the threshold and two just above it', async () => {
    await setThreshold('deposit', 'USD', 100);
    const login = await d.f.account();
    const equal = await d.f.deposit(login, 100);
    const above = await d.f.deposit(login, 100.01);

    const single = await approveDeposit('ann', equal);
    expect(single.body).toMatchObject({ message: 'Deposit updated.', approval: null });
    expect(single.body.request).toMatchObject({ status: 'approved' });

    const first = await approveDeposit('ann', above);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(FOUR_EYES_MESSAGES.firstApprovalRecorded);
    expect(first.body.request).toMatchObject({ status: 'pending', adminId: '' });
    expect(first.body.approval).toMatchObject({
      state: 'awaiting',
      firstBy: ids.ann,
      threshold: 100,
      amount: 100.01,
    });
    expect(await operationsOf(above)).toHaveLength(0);
    await d.f.settle();
    expect(await d.f.balanceOf(login)).toBe(100);

    const second = await approveDeposit('bob', above);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.request).toMatchObject({ status: 'approved', adminId: ids.bob });
    expect(second.body.approval).toMatchObject({
      state: 'approved',
      firstBy: ids.ann,
      secondBy: ids.bob,
      secondAt: expect.any(Number),
    });
    await d.f.settle();
    expect(await d.f.balanceOf(login)).toBe(200.01);
    expect((await d.f.depositRow(above)).mtStatus).toBe('SUCCESS');
  });

  it('refuses the second approval from the first approver, with a clear message', async () => {
    await setThreshold('deposit', 'USD', 100);
    const login = await d.f.account();
    const id = await d.f.deposit(login, 500);
    await updateDeposit('ann', { _id: id, status: 'approve_process', comment: 'checked the bank statement' });
    const again = await approveDeposit('ann', id);
    expect(again.status).toBe(403);
    expect(again.body.errors).toEqual({ auth: FOUR_EYES_MESSAGES.sameApprover });
    const viaModal = await updateDeposit('ann', { _id: id, status: 'approve_process', comment: 'again' });
    expect(viaModal.status).toBe(403);
    // A second approval must agree with the first: Set as approved is another decision.
    const other = await updateDeposit('bob', { _id: id, status: 'approved', comment: '' });
    expect(other.status).toBe(409);
    const changed = await updateDeposit('bob', {
      _id: id,
      status: 'approve_process',
      comment: '',
      modifyDealAmount: true,
      depositAmountSent: 400,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors?.depositAmountSent).toMatch(/first approval was for 500\.00 USD/);
    await d.f.settle();
    expect(await d.f.dealsOf(login)).toHaveLength(0);
    expect(await d.f.depositRow(id)).toMatchObject({
      status: 'pending',
      comment: 'checked the bank statement',
    });

    const ok = await updateDeposit('bob', {
      _id: id,
      status: 'approve_process',
      comment: 'second look: fine',
    });
    expect(ok.status).toBe(200);
    const [approval] = await approvalRows(id);
    expect(approval).toMatchObject({
      state: 'approved',
      action: 'approve_process',
      firstBy: ids.ann,
      firstComment: 'checked the bank statement',
      secondBy: ids.bob,
      secondComment: 'second look: fine',
    });
    const trail = await audits(id);
    expect(trail.map((a) => [a.action, a.actorId])).toEqual([
      ['deposit.first-approval', ids.ann],
      ['deposit.approve-process', ids.bob],
    ]);
    expect(trail[1]!.after).toMatchObject({
      status: 'approved',
      approval: { firstBy: ids.ann, secondBy: ids.bob, state: 'approved' },
    });
  });

  it('leaves exactly one operation when second approvals race: one deal on the platform', async () => {
    await setThreshold('deposit', 'USD', 100);
    const login = await d.f.account();
    const id = await d.f.deposit(login, 750);
    expect((await approveDeposit('ann', id)).body.message).toBe(FOUR_EYES_MESSAGES.firstApprovalRecorded);
    const racers: Who[] = ['bob', 'cid', 'sys'];
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) => approveDeposit(racers[i % racers.length]!, id)),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(23);
    expect(await operationsOf(id)).toHaveLength(1);
    await d.f.settle();
    expect(await d.f.dealsOf(login)).toHaveLength(1);
    expect(await d.f.balanceOf(login)).toBe(750);
    expect((await approvalRows(id)).map((a) => a.state)).toEqual(['approved']);
  });

  it('shows the awaiting approval in the list, and lets a rejection or a step back cancel it', async () => {
    await setThreshold('deposit', 'USD', 100);
    const login = await d.f.account();
    const rejected = await d.f.deposit(login, 300);
    const reset = await d.f.deposit(login, 301);
    await approveDeposit('ann', rejected);
    await approveDeposit('ann', reset);
    const list = await d.t.call(
      calls.funding.listFundingRequests,
      { body: { type: 'deposit', status: 'pending', page: 1, sizePerPage: 100 } },
      d.t.auth(tokens.bob),
    );
    expect(list.body.data.approvals[rejected]).toMatchObject({ state: 'awaiting', firstBy: ids.ann });

    const r = await updateDeposit('bob', {
      _id: rejected,
      status: 'rejected',
      comment: 'Not the client’s card',
    });
    expect(r.body.request).toMatchObject({ status: 'rejected' });
    expect((await approvalRows(rejected)).map((a) => [a.state, a.cancelledBy])).toEqual([
      ['cancelled', ids.bob],
    ]);
    await updateDeposit('ann', { _id: reset, status: 'pending', comment: 'wrong amount' });
    // Back to pending: the next approval is a first one again, and the first approver may give it.
    const fresh = await approveDeposit('ann', reset);
    expect(fresh.body.message).toBe(FOUR_EYES_MESSAGES.firstApprovalRecorded);
    expect((await approvalRows(reset)).map((a) => a.state).sort()).toEqual(['awaiting', 'cancelled']);
  });

  it('holds withdrawals and transfers of its currency too', async () => {
    await setThreshold('withdrawal', 'USD', 50);
    await setThreshold('transfer', 'USD', 0);
    const from = await d.f.account(500);
    const to = await d.f.account();
    const wd = await d.f.withdrawal(from, 60);
    const tr = await d.f.transfer(from, to, 10);

    const firstWd = await d.t.call(
      calls.funding.processWithdrawal,
      { body: { withdrawalId: wd } },
      d.t.auth(tokens['bob']),
    );
    expect(firstWd.body.request).toMatchObject({ status: 'pending' });
    const firstTr = await d.t.call(
      calls.funding.processTransfer,
      { body: { transferId: tr } },
      d.t.auth(tokens['bob']),
    );
    expect(firstTr.body.message).toBe(FOUR_EYES_MESSAGES.firstApprovalRecorded);
    expect(
      (await d.t.call(calls.funding.processTransfer, { body: { transferId: tr } }, d.t.auth(tokens['bob'])))
        .status,
    ).toBe(403);
    await d.f.settle();
    expect(await d.f.balanceOf(from)).toBe(500);

    expect(
      (
        await d.t.call(
          calls.funding.processWithdrawal,
          { body: { withdrawalId: wd } },
          d.t.auth(tokens['cid']),
        )
      ).status,
    ).toBe(200);
    expect(
      (await d.t.call(calls.funding.processTransfer, { body: { transferId: tr } }, d.t.auth(tokens['ann'])))
        .status,
    ).toBe(200);
    await d.f.settle();
    expect(await d.f.balanceOf(from)).toBe(430);
    expect(await d.f.balanceOf(to)).toBe(10);
    expect((await audits(tr)).map((a) => a.action)).toEqual([
      'transfer.first-approval',
      'transfer.approve_process',
    ]);
  });

  it('holds a card-provider withdrawal for its second approval before it waits for the provider', async () => {
    await setThreshold('withdrawal', 'EUR', 20);
    const login = await d.f.account(100);
    const id = await d.f.withdrawal(login, 25, {
      withdrawalCurrency: 'EUR',
      providerHandled: true,
      providerOrderId: 'PO-4EYES-1',
      providerStatus: 'CREATED',
      providerPayoutStatus: 'WAITING',
    });
    const def = calls.funding.processProviderWithdrawal;
    const first = await d.t.raw(def, { body: { withdrawalId: id } }, d.t.auth(tokens['ann']));
    expect(first.body.message).toBe(FOUR_EYES_MESSAGES.firstApprovalRecorded);
    expect(first.body.request).toMatchObject({ status: 'pending', providerPayoutStatus: 'WAITING' });
    const second = await d.t.raw(def, { body: { withdrawalId: id } }, d.t.auth(tokens['bob']));
    expect(second.body.message).toBe(MESSAGES.waitingForProvider);
    expect(second.body.request).toMatchObject({ status: 'pending', providerPayoutStatus: 'APPROVED' });
    expect((await d.t.raw(def, { body: { withdrawalId: id } }, d.t.auth(tokens['cid']))).status).toBe(409);
    const rows = await d.t.db
      .select()
      .from(fundingApprovals)
      .where(and(eq(fundingApprovals.requestId, id), eq(fundingApprovals.state, 'approved')));
    expect(rows).toHaveLength(1);
  });
});
