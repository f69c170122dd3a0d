import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, deposits, transfers, withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

type Action = { success: boolean; message?: string; request?: Record<string, unknown> };

describe(`money actions, exactly once on the platform (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let second: string;
  let clientId: string;
  let nextLogin = 800_000;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'pay1@desk.test', password: 'Correct-Horse-1' });
    await t.createUser({ email: 'pay2@desk.test', password: 'Correct-Horse-1' });
    clientId = await t.createUser({ email: 'money@client.test', role: 'USER' });
    token = await t.signIn('pay1@desk.test', 'Correct-Horse-1');
    second = await t.signIn('pay2@desk.test', 'Correct-Horse-1');
  });
  afterAll(() => t.stop());

  const post = (url: string, body: unknown, who = token) => t.call<Action>('POST', url, body, t.auth(who));
  async function account(balance = 0) {
    const login = nextLogin++;
    await t.platform.createAccount({
      login,
      name: 'Client',
      group: 'real',
      leverage: 100,
      passwordMain: 'Main1234',
      passwordInvestor: 'Invest12',
    });
    if (balance) await t.platform.balance(login, balance, `seed:${login}`);
    return login;
  }
  const balanceOf = async (login: number) => (await t.platform.getAccount(login)).balance;
  const dealsOf = (login: number) => t.deals(login);
  /** Runs worker rounds, moving the clock past any back-off, until nothing is left to do. */
  async function settle() {
    for (let i = 0; i < 50; i++) {
      const r = await t.worker.runOnce();
      if (r.claimed === 0) {
        t.clock.advance(400);
        if ((await t.worker.runOnce()).claimed === 0) return;
      }
    }
    throw new Error('operations did not settle');
  }
  async function deposit(login: number, amount: number, status = 'pending') {
    const id = newId();
    await t.db.insert(deposits).values({
      id,
      userId: clientId,
      timestamp: t.clock.now(),
      depositCurrency: 'USD',
      depositAmountSent: amount,
      accountNumber: login,
      status,
    });
    return id;
  }
  async function withdrawal(login: number, amount: number, extra: Record<string, unknown> = {}) {
    const id = newId();
    await t.db.insert(withdrawals).values({
      id,
      userId: clientId,
      withdrawalType: 'wire',
      withdrawalCurrency: 'USD',
      withdrawalAmount: amount,
      accountNumber: login,
      timestamp: t.clock.now(),
      status: 'pending',
      ...extra,
    });
    return id;
  }
  const depositRow = async (id: string) =>
    (await t.db.select().from(deposits).where(eq(deposits.id, id)))[0]!;

  it('approves and credits a deposit once; a second approver gets 409', async () => {
    const login = await account();
    const id = await deposit(login, 150.25);
    const first = await post('/api/admin/accounts/adminProcessDeposit', { depositId: id });
    expect(first.status).toBe(200);
    expect(first.body.request).toMatchObject({ status: 'approved', MTStatus: '' });
    const again = await post('/api/admin/accounts/adminProcessDeposit', { depositId: id }, second);
    expect(again.status).toBe(409);
    await settle();
    expect(await balanceOf(login)).toBe(150.25);
    expect(await dealsOf(login)).toHaveLength(1);
    expect(await depositRow(id)).toMatchObject({
      status: 'approved',
      mtStatus: 'SUCCESS',
      adminId: expect.any(String),
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toContain('deposit.approve-process');
  });

  it('lets exactly one of 50 concurrent approvals through: one deal on the platform', async () => {
    const login = await account();
    const id = await deposit(login, 80);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/api/admin/accounts/adminProcessDeposit', { depositId: id }, i % 2 ? second : token),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    await settle();
    expect(await dealsOf(login)).toHaveLength(1);
    expect(await balanceOf(login)).toBe(80);
  });

  it('sets a deposit approved without moving money, or with a modified amount', async () => {
    const login = await account();
    const plain = await deposit(login, 40);
    await post('/api/admin/accounts/adminUpdateDeposit', {
      deposit: { _id: plain, status: 'approved', comment: 'paid by hand' },
    });
    const modified = await deposit(login, 40, 'incomplete');
    const r = await post('/api/admin/accounts/adminUpdateDeposit', {
      deposit: {
        _id: modified,
        status: 'approve_process',
        comment: '',
        modifyDealAmount: true,
        depositAmountSent: 39.5,
      },
    });
    expect(r.status).toBe(200);
    await settle();
    expect(await balanceOf(login)).toBe(39.5);
    expect(await depositRow(plain)).toMatchObject({ status: 'approved', mtStatus: '' });
  });

  it('emails the client on approval and rejection, unless told not to', async () => {
    const login = await account();
    const approved = await deposit(login, 25);
    const before = t.smtp.count();
    await post('/api/admin/accounts/adminProcessDeposit', { depositId: approved });
    const mail = await t.smtp.next('money@client.test', before);
    expect(mail.subject).toBe('Your deposit request was approved');
    expect(mail.text).toContain('25.00 USD');
    const quiet = await withdrawal(login, 5, { dontEmailUser: true });
    const rejected = await withdrawal(login, 6);
    const beforeReject = t.smtp.count();
    await post('/api/admin/accounts/adminUpdateWithdrawal', {
      withdrawal: { _id: quiet, status: 'rejected', comment: 'Quiet', dontEmailUser: true },
    });
    await post('/api/admin/accounts/adminUpdateWithdrawal', {
      withdrawal: { _id: rejected, status: 'rejected', comment: 'Open positions' },
    });
    const rejection = await t.smtp.next('money@client.test', beforeReject);
    expect(rejection.subject).toBe('Your withdrawal request was rejected');
    expect(rejection.text).toContain('Open positions');
    expect(t.smtp.mails.slice(beforeReject).filter((m) => m.text.includes('Quiet'))).toHaveLength(0);
    await settle();
  });

  it('refuses to reject without a reason, and changes nothing', async () => {
    const login = await account();
    const id = await deposit(login, 10);
    const blank = await post('/api/admin/accounts/adminUpdateDeposit', {
      deposit: { _id: id, status: 'rejected', comment: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ errors: { comment: MESSAGES.rejectWithoutReason('deposit') } });
    expect((await depositRow(id)).status).toBe('pending');
    const ok = await post('/api/admin/accounts/adminUpdateDeposit', {
      deposit: { _id: id, status: 'rejected', comment: 'Duplicate' },
    });
    expect(ok.body.request).toMatchObject({ status: 'rejected', comment: 'Duplicate' });
    expect((await depositRow(id)).timeRejected).not.toBeNull();
    const wd = await withdrawal(login, 5);
    const wdBlank = await post('/api/admin/accounts/adminUpdateWithdrawal', {
      withdrawal: { _id: wd, status: 'rejected', comment: '' },
    });
    expect(wdBlank.body).toMatchObject({ errors: { comment: MESSAGES.rejectWithoutReason('withdrawal') } });
  });

  it('debits a withdrawal, and moves one the platform refuses to the Error tab', async () => {
    const login = await account(100);
    const ok = await withdrawal(login, 60);
    const tooMuch = await withdrawal(login, 500);
    await post('/api/admin/accounts/adminProcessWithdrawal', { withdrawalId: ok });
    await post('/api/admin/accounts/adminProcessWithdrawal', { withdrawalId: tooMuch });
    await settle();
    expect(await balanceOf(login)).toBe(40);
    const [okRow] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, ok));
    const [badRow] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, tooMuch));
    expect(okRow).toMatchObject({ status: 'approved', mtStatus: 'SUCCESS' });
    expect(badRow!.status).toBe('error');
    expect(badRow!.mtStatus).toMatch(/money/i);
  });

  it('waits for the card provider before debiting its withdrawals', async () => {
    const login = await account(100);
    const id = await withdrawal(login, 30, { providerHandled: true, providerStatus: 'CREATED' });
    const r = await post('/api/admin/accounts/adminProcessWithdrawal', { withdrawalId: id });
    expect(r.body.message).toBe(MESSAGES.waitingForProvider);
    await settle();
    expect(await balanceOf(login)).toBe(100);
  });

  it('moves a transfer in two legs, the credit only after the debit', async () => {
    const from = await account(200);
    const to = await account();
    const id = newId();
    await t.db.insert(transfers).values({
      id,
      userId: clientId,
      sourceAccount: from,
      destinationAccount: to,
      transferCurrency: 'USD',
      transferAmount: 75,
      timestamp: t.clock.now(),
      status: 'pending',
    });
    await post('/api/admin/accounts/adminProcessTransfer', { transferId: id });
    await settle();
    expect(await balanceOf(from)).toBe(125);
    expect(await balanceOf(to)).toBe(75);
    const [debit] = await dealsOf(from).then((d) => d.filter((x) => x.comment.startsWith('trs:')));
    const [credit] = await dealsOf(to);
    expect(debit!.deal).toBeLessThan(credit!.deal);
    const [row] = await t.db.select().from(transfers).where(eq(transfers.id, id));
    expect(row).toMatchObject({
      status: 'approved',
      sourceMtStatus: 'SUCCESS',
      destinationMtStatus: 'SUCCESS',
    });
  });

  it('reverses a half-done transfer whose credit was refused', async () => {
    const from = await account(50);
    const missing = 999_999;
    const id = newId();
    await t.db.insert(transfers).values({
      id,
      userId: clientId,
      sourceAccount: from,
      destinationAccount: missing,
      transferCurrency: 'USD',
      transferAmount: 20,
      timestamp: t.clock.now(),
      status: 'pending',
    });
    await post('/api/admin/accounts/adminProcessTransfer', { transferId: id });
    await settle();
    const [half] = await t.db.select().from(transfers).where(eq(transfers.id, id));
    expect(half!.sourceMtStatus).toBe('SUCCESS');
    expect(half!.destinationMtStatus).not.toBe('SUCCESS');
    expect(await balanceOf(from)).toBe(30);
    const retry = await post('/api/admin/accounts/adminUpdateTransfer', {
      transfer: { _id: id, status: 'complete', comment: '' },
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await settle();
    const r = await post('/api/admin/accounts/adminUpdateTransfer', {
      transfer: { _id: id, status: 'reverse', comment: '' },
    });
    expect(r.status).toBe(200);
    await settle();
    expect(await balanceOf(from)).toBe(50);
    const [done] = await t.db.select().from(transfers).where(eq(transfers.id, id));
    expect(done).toMatchObject({ status: 'rejected', sourceMtStatus: '', destinationMtStatus: '' });
    expect(
      (
        await post('/api/admin/accounts/adminUpdateTransfer', {
          transfer: { _id: id, status: 'reverse', comment: '' },
        })
      ).status,
    ).toBe(409);
  });

  it('credits exactly once when the platform applies a deposit but the reply is lost', async () => {
    const login = await account();
    const id = await deposit(login, 12.34);
    t.faults.loseNextBalanceReply();
    await post('/api/admin/accounts/adminProcessDeposit', { depositId: id });
    await t.worker.runOnce();
    t.faults.clear();
    await settle();
    expect(await dealsOf(login)).toHaveLength(1);
    expect(await balanceOf(login)).toBe(12.34);
    expect((await depositRow(id)).mtStatus).toBe('SUCCESS');
  });

  it('answers 404 for unknown requests and 400 for malformed ones', async () => {
    expect(
      (await post('/api/admin/accounts/adminProcessDeposit', { depositId: '0123456789abcdef01234567' }))
        .status,
    ).toBe(404);
    expect((await post('/api/admin/accounts/adminProcessDeposit', { depositId: 'x' })).status).toBe(400);
    expect(
      (
        await post('/api/admin/accounts/adminUpdateDeposit', {
          deposit: { _id: '0123456789abcdef01234567', status: 'maybe' },
        })
      ).status,
    ).toBe(400);
  });
});
