import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, type CallBody, MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp, type BodyOnlyCall } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';
import { fundingPair, type fundingFixtures } from './support.ts';

describe(`money actions, exactly once on the platform (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let second: string;
  let f: ReturnType<typeof fundingFixtures>;
  beforeAll(async () => {
    t = await startTestApp({ alertRules: false });
    const desk = await fundingPair(t, ['pay1', 'pay2'], 'money');
    ({ f } = desk);
    [token, second] = await desk.signIn();
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>, who = token) =>
    t.post(def, body, t.auth(who));

  it('approves and credits a deposit once; a second approver gets 409', async () => {
    const login = await f.account();
    const id = await f.deposit(login, 150.25);
    const first = await post(calls.funding.processDeposit, { depositId: id });
    expect(first.status).toBe(200);
    expect(first.body.request).toMatchObject({ status: 'approved', MTStatus: '' });
    const again = await post(calls.funding.processDeposit, { depositId: id }, second);
    expect(again.status).toBe(409);
    await f.settle();
    expect(await f.balanceOf(login)).toBe(150.25);
    expect(await f.dealsOf(login)).toHaveLength(1);
    expect(await f.depositRow(id)).toMatchObject({
      status: 'approved',
      mtStatus: 'SUCCESS',
      adminId: expect.any(String),
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toContain('deposit.approve-process');
  });

  it('lets exactly one of 50 concurrent approvals through: one deal on the platform', async () => {
    const login = await f.account();
    const id = await f.deposit(login, 80);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(calls.funding.processDeposit, { depositId: id }, i % 2 ? second : token),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    await f.settle();
    expect(await f.dealsOf(login)).toHaveLength(1);
    expect(await f.balanceOf(login)).toBe(80);
  });

  it('sets a deposit approved without moving money, or with a modified amount', async () => {
    const login = await f.account();
    const plain = await f.deposit(login, 40);
    await post(calls.funding.updateDeposit, {
      deposit: { _id: plain, status: 'approved', comment: 'paid by hand' },
    });
    const modified = await f.deposit(login, 40, { status: 'incomplete' });
    const r = await post(calls.funding.updateDeposit, {
      deposit: {
        _id: modified,
        status: 'approve_process',
        comment: '',
        modifyDealAmount: true,
        depositAmountSent: 39.5,
      },
    });
    expect(r.status).toBe(200);
    await f.settle();
    expect(await f.balanceOf(login)).toBe(39.5);
    expect(await f.depositRow(plain)).toMatchObject({ status: 'approved', mtStatus: '' });
  });

  it('emails the client on approval and rejection, unless told not to', async () => {
    const login = await f.account();
    const approved = await f.deposit(login, 25);
    const before = t.smtp.count();
    await post(calls.funding.processDeposit, { depositId: approved });
    const mail = await t.smtp.next('money@client.test', before);
    expect(mail.subject).toBe('Your deposit request was approved');
    expect(mail.text).toContain('25.00 USD');
    const quiet = await f.withdrawal(login, 5, { dontEmailUser: true });
    const rejected = await f.withdrawal(login, 6);
    const beforeReject = t.smtp.count();
    await post(calls.funding.updateWithdrawal, {
      withdrawal: { _id: quiet, status: 'rejected', comment: 'Quiet', dontEmailUser: true },
    });
    await post(calls.funding.updateWithdrawal, {
      withdrawal: { _id: rejected, status: 'rejected', comment: 'Open positions' },
    });
    const rejection = await t.smtp.next('money@client.test', beforeReject);
    expect(rejection.subject).toBe('Your withdrawal request was rejected');
    expect(rejection.text).toContain('Open positions');
    expect(t.smtp.mails.slice(beforeReject).filter((m) => m.text.includes('Quiet'))).toHaveLength(0);
    await f.settle();
  });

  it('refuses to reject without a reason, and changes nothing', async () => {
    const login = await f.account();
    const id = await f.deposit(login, 10);
    const blank = await post(calls.funding.updateDeposit, {
      deposit: { _id: id, status: 'rejected', comment: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ errors: { comment: MESSAGES.rejectWithoutReason('deposit') } });
    expect((await f.depositRow(id)).status).toBe('pending');
    const ok = await post(calls.funding.updateDeposit, {
      deposit: { _id: id, status: 'rejected', comment: 'Duplicate' },
    });
    expect(ok.body.request).toMatchObject({ status: 'rejected', comment: 'Duplicate' });
    expect((await f.depositRow(id)).timeRejected).not.toBeNull();
    const wd = await f.withdrawal(login, 5);
    const wdBlank = await post(calls.funding.updateWithdrawal, {
      withdrawal: { _id: wd, status: 'rejected', comment: '' },
    });
    expect(wdBlank.body).toMatchObject({ errors: { comment: MESSAGES.rejectWithoutReason('withdrawal') } });
  });

  it('debits a withdrawal, and moves one the platform refuses to the Error tab', async () => {
    const login = await f.account(100);
    const ok = await f.withdrawal(login, 60);
    const tooMuch = await f.withdrawal(login, 500);
    await post(calls.funding.processWithdrawal, { withdrawalId: ok });
    await post(calls.funding.processWithdrawal, { withdrawalId: tooMuch });
    await f.settle();
    expect(await f.balanceOf(login)).toBe(40);
    expect(await f.withdrawalRow(ok)).toMatchObject({ status: 'approved', mtStatus: 'SUCCESS' });
    const badRow = await f.withdrawalRow(tooMuch);
    expect(badRow.status).toBe('error');
    expect(badRow.mtStatus).toMatch(/money/i);
  });

  it('moves a transfer in two legs, the credit only after the debit', async () => {
    const from = await f.account(200);
    const to = await f.account();
    const id = await f.transfer(from, to, 75);
    await post(calls.funding.processTransfer, { transferId: id });
    await f.settle();
    expect(await f.balanceOf(from)).toBe(125);
    expect(await f.balanceOf(to)).toBe(75);
    const [debit] = await f.dealsOf(from).then((d) => d.filter((x) => x.comment.startsWith('trs:')));
    const [credit] = await f.dealsOf(to);
    expect(debit!.deal).toBeLessThan(credit!.deal);
    expect(await f.transferRow(id)).toMatchObject({
      status: 'approved',
      sourceMtStatus: 'SUCCESS',
      destinationMtStatus: 'SUCCESS',
    });
  });

  it('reverses a half-done transfer whose credit was refused', async () => {
    const from = await f.account(50);
    const id = await f.transfer(from, f.missingLogin(), 20);
    await post(calls.funding.processTransfer, { transferId: id });
    await f.settle();
    const half = await f.transferRow(id);
    expect(half.sourceMtStatus).toBe('SUCCESS');
    expect(half.destinationMtStatus).not.toBe('SUCCESS');
    expect(await f.balanceOf(from)).toBe(30);
    const retry = await post(calls.funding.updateTransfer, {
      transfer: { _id: id, status: 'complete', comment: '' },
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await f.settle();
    const r = await post(calls.funding.updateTransfer, {
      transfer: { _id: id, status: 'reverse', comment: '' },
    });
    expect(r.status).toBe(200);
    await f.settle();
    expect(await f.balanceOf(from)).toBe(50);
    expect(await f.transferRow(id)).toMatchObject({
      status: 'rejected',
      sourceMtStatus: '',
      destinationMtStatus: '',
    });
    expect(
      (
        await post(calls.funding.updateTransfer, {
          transfer: { _id: id, status: 'reverse', comment: '' },
        })
      ).status,
    ).toBe(409);
  });

  it('credits exactly once when the platform applies a deposit but the reply is lost', async () => {
    const login = await f.account();
    const id = await f.deposit(login, 12.34);
    t.faults.loseNextBalanceReply();
    await post(calls.funding.processDeposit, { depositId: id });
    await t.worker.runOnce();
    t.faults.clear();
    await f.settle();
    expect(await f.dealsOf(login)).toHaveLength(1);
    expect(await f.balanceOf(login)).toBe(12.34);
    expect((await f.depositRow(id)).mtStatus).toBe('SUCCESS');
  });

  it('waits out a deposit MT5 applies after the console stopped waiting: "Checking with MT5", one credit', async () => {
    const login = await f.account();
    const id = await f.deposit(login, 25);
    t.faults.lateBalances();
    expect((await post(calls.funding.processDeposit, { depositId: id })).status).toBe(200);
    expect(await t.worker.runOnce()).toMatchObject({ unknown: 1 });
    t.faults.clear();
    // Staff see that the outcome is being checked, and until when; the row is not a failure.
    const checking = (await f.depositRow(id)).mtStatus;
    expect(checking).toMatch(/^Checking with MT5 until \d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d UTC$/);
    const list = await post(calls.funding.listFundingRequests, {
      type: 'deposit',
      status: 'historical',
      page: 1,
      sizePerPage: 100,
      filters: {},
    });
    const listed = (list.body as unknown as { data: { transfers: { _id: string; MTStatus: string }[] } }).data
      .transfers;
    expect(listed.find((d) => d._id === id)?.MTStatus).toBe(checking);
    // A look-up inside the window finds nothing yet, and nothing is sent again.
    t.clock.advance(30);
    await t.worker.runOnce();
    expect(await f.dealsOf(login)).toHaveLength(0);
    // MT5 catches up with the first request; the look-up at the end of the window finds it.
    await t.faults.landLate();
    t.clock.advance(300);
    await f.settle();
    expect(await f.dealsOf(login)).toHaveLength(1);
    expect(await f.balanceOf(login)).toBe(25);
    expect((await f.depositRow(id)).mtStatus).toBe('SUCCESS');
    // The audit trail tells the whole story: the look-up before the send, the send, each look-up
    // after it, the outcome.
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `dep:${id}`))
      .orderBy(auditLog.id);
    expect(trail.map((a) => a.action)).toEqual([
      'platform.op.lookup',
      'platform.op.send',
      'platform.op.lookup',
      'platform.op.lookup',
      'platform.op.succeeded',
    ]);
    expect(trail.map((a) => (a.after as { found?: unknown }).found)).toEqual([
      false,
      undefined,
      false,
      true,
      undefined,
    ]);
  });

  it('answers 404 for unknown requests and 400 for malformed ones', async () => {
    expect((await post(calls.funding.processDeposit, { depositId: '0123456789abcdef01234567' })).status).toBe(
      404,
    );
    expect((await post(calls.funding.processDeposit, { depositId: 'x' })).status).toBe(400);
    expect(
      (
        await t.raw(
          calls.funding.updateDeposit,
          { body: { deposit: { _id: '0123456789abcdef01234567', status: 'maybe' } } },
          t.auth(token),
        )
      ).status,
    ).toBe(400);
  });
});
