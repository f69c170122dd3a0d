import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, NO_VERIFIED_BANK, type MoneyPicture } from '@brokerdesk/contract';
import { startTestApp, STAFF_PASSWORD, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { newId } from '../../src/lib/ids.ts';
import { DAY, moneyFixtures } from './fixtures.ts';

/**
 * The money picture (docs/product.md [evidence.money-picture]) and the return-to-source proposal
 * (docs/product.md [evidence.return-to-source]) through the API, on the database the suite runs on.
 */
describe(`money picture (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let f: ReturnType<typeof moneyFixtures>;

  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'evidence@desk.test', password: STAFF_PASSWORD });
    token = await t.signIn('evidence@desk.test', STAFF_PASSWORD);
    f = moneyFixtures(t);
  });
  afterAll(() => t.stop());

  const client = (name: string, surname: string) =>
    f.client(name, surname, { timestamp: t.clock.now() - 40 * DAY });

  const picture = async (userId: string, withdrawalId?: string) => {
    const r = await t.call(
      calls.evidence.getMoneyPicture,
      { params: { userId }, query: withdrawalId ? { withdrawalId } : {} },
      t.auth(token),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as MoneyPicture;
  };

  it('sums approved money per currency by method and source, with "source unknown" and the net', async () => {
    const ann = await client('Ann', 'Lee');
    const now = t.clock.now();
    await f.deposit(ann, {
      depositAmountSent: 300,
      sourceIdentifier: '4111 **** 1111',
      timestamp: now - 9 * DAY,
    });
    await f.deposit(ann, {
      depositAmountSent: 200.5,
      sourceIdentifier: '4111 **** 1111',
      timestamp: now - 8 * DAY,
    });
    await f.deposit(ann, { depositAmountSent: 100, timestamp: now - 7 * DAY });
    await f.deposit(ann, {
      depositAmountSent: 1000,
      depositType: 'wire',
      depositPaymentName: 'Bank Transfer',
      sourceIdentifier: 'DE89370400440532013000',
    });
    await f.deposit(ann, { depositAmountSent: 50, status: 'pending', sourceIdentifier: '4111 **** 1111' });
    await f.deposit(ann, {
      depositCurrency: 'USD',
      depositAmountSent: 150,
      depositType: 'ewallet',
      depositPaymentName: 'Skrill',
      sourceIdentifier: 'ann@skrill.test',
    });
    await f.withdrawal(ann, { withdrawalAmount: 120, destinationIdentifier: 'DE89370400440532013000' });
    await f.withdrawal(ann, {
      withdrawalAmount: 80,
      withdrawalType: 'others',
      withdrawalPaymentName: 'Visa',
    });
    await f.withdrawal(ann, { withdrawalAmount: 40, status: 'pending' });
    await f.withdrawal(ann, { withdrawalAmount: 999, status: 'rejected' });

    const p = await picture(ann);
    expect(p.client).toMatchObject({ id: ann, name: 'Ann', surname: 'Lee', ageDays: 40 });
    expect(p.kyc).toEqual({ status: 'not started', documents: 0 });
    expect(p.bankDetails.status).toBe('none');
    expect(p.currencies.map((c) => c.currency)).toEqual(['EUR', 'USD']);
    const eur = p.currencies[0]!;
    expect(eur.depositedTotal).toBe(1600.5);
    expect(eur.withdrawnTotal).toBe(200);
    expect(eur.net).toBe(1400.5);
    expect(eur.openWithdrawals).toBe(40);
    const lines = eur.deposits.map((l) => [l.method, l.identifier, l.count, l.amount]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['card', '4111 **** 1111', 2, 500.5],
        ['card', null, 1, 100],
        ['wire', 'DE89370400440532013000', 1, 1000],
      ]),
    );
    expect(lines).toHaveLength(3);
    expect(eur.withdrawals.map((l) => [l.method, l.identifier, l.amount])).toEqual(
      expect.arrayContaining([
        ['wire', 'DE89370400440532013000', 120],
        ['others', null, 80],
      ]),
    );
    const usd = p.currencies[1]!;
    expect(usd).toMatchObject({ depositedTotal: 150, withdrawnTotal: 0, net: 150 });
    expect(usd.deposits[0]).toMatchObject({
      method: 'ewallet',
      label: 'Skrill',
      identifier: 'ann@skrill.test',
    });
    expect(p.depositTrading.total).toBe(5);
    // No open withdrawal has an identifier here, but the latest open one is proposed all the same.
    expect(p.returnToSource?.amount).toBe(40);
  });

  it('counts the trading since each approved deposit on its account', async () => {
    const bo = await client('Bo', 'Chen');
    const login = await f.account();
    const now = t.clock.now();
    await f.deposit(bo, { accountNumber: login, timestamp: now - 5 * DAY, timeApproved: now - 5 * DAY });
    await f.deposit(bo, { accountNumber: login, timestamp: now - 2 * DAY, timeApproved: now - 2 * DAY });
    await f.trade(login, [
      { time: now - 4 * DAY, lots: 0.1, profit: 10, symbol: 'EURUSD' },
      { time: now - DAY, lots: 0.2, profit: -3.5, symbol: 'GBPUSD' },
    ]);
    const p = await picture(bo);
    const [newest, oldest] = p.depositTrading.deposits;
    expect(newest!.trading).toEqual({
      known: true,
      trades: 1,
      volumeLots: 0.2,
      profit: -3.5,
      complete: true,
    });
    expect(oldest!.trading).toEqual({ known: true, trades: 2, volumeLots: 0.3, profit: 6.5, complete: true });
  });

  it('answers "trading unknown" when the platform refuses, never a 5xx', async () => {
    const cy = await client('Cy', 'Diaz');
    const login = await f.account();
    await f.deposit(cy, { accountNumber: login, depositAmountSent: 70 });
    t.faults.down();
    try {
      const p = await picture(cy);
      expect(p.depositTrading.deposits[0]!.trading.known).toBe(false);
      expect(p.currencies[0]!.depositedTotal).toBe(70);
    } finally {
      t.faults.clear();
    }
  });

  it('proposes cards first, capped by what came in less what went back, the rest to the matching bank', async () => {
    const dee = await client('Ana María', 'Núñez');
    const now = t.clock.now();
    await f.deposit(dee, {
      depositAmountSent: 300,
      sourceIdentifier: '4111 **** 1111',
      timeApproved: now - 9 * DAY,
    });
    await f.deposit(dee, {
      depositAmountSent: 200,
      sourceIdentifier: '5500 **** 0004',
      timeApproved: now - 8 * DAY,
    });
    await f.deposit(dee, {
      depositAmountSent: 100,
      depositType: 'ewallet',
      depositPaymentName: 'Skrill',
      sourceIdentifier: 'dee@skrill.test',
      timeApproved: now - 7 * DAY,
    });
    await f.deposit(dee, {
      depositAmountSent: 2000,
      depositType: 'wire',
      sourceIdentifier: 'DE02120300000000202051',
      timeApproved: now - 10 * DAY,
    });
    await f.deposit(dee, { depositAmountSent: 40, timeApproved: now - 6 * DAY });
    // Already returned: 150 of card 5500's 200, all of the e-wallet's 100.
    await f.withdrawal(dee, {
      withdrawalAmount: 150,
      withdrawalType: 'others',
      destinationIdentifier: '5500 **** 0004',
    });
    await f.withdrawal(dee, {
      withdrawalAmount: 100,
      withdrawalType: 'others',
      destinationIdentifier: 'dee@skrill.test',
    });
    const verified = await f.bank(dee, 'DE44500105175407324931');
    await f.withdrawal(dee, {
      withdrawalAmount: 10,
      bankId: verified,
      destinationIdentifier: 'DE44500105175407324931',
      destinationHolder: '  ANA   MARIA nunez ',
      timestamp: now - 20 * DAY,
    });
    const asked = await f.withdrawal(dee, {
      withdrawalAmount: 500,
      status: 'pending',
      bankId: verified,
      destinationIdentifier: 'DE44500105175407324931',
    });

    const p = await picture(dee, asked);
    const r = p.returnToSource!;
    expect(r.withdrawalId).toBe(asked);
    expect(r.lines.map((l) => [l.kind, l.identifier, l.amount])).toEqual([
      ['source', '4111 **** 1111', 300],
      ['source', '5500 **** 0004', 50],
      ['bank', 'DE44500105175407324931', 150],
    ]);
    expect(r.lines[1]).toMatchObject({ deposited: 200, returned: 150 });
    expect(r.unknownRefundable).toBe(40);
    expect(r.differences[0]).toBe(
      'The client asked for 500.00 EUR to bank wire DE44500105175407324931; 300.00 EUR should go back to card 4111 **** 1111 first.',
    );
    expect(r.differences[1]).toBe('Then 50.00 EUR should go back to card 5500 **** 0004.');
    // The rest goes where the client asked: no sentence for it.
    expect(r.differences.join(' ')).not.toContain('The rest');
    expect(p.bankDetails).toMatchObject({ status: 'verified', approved: 1 });
  });

  it('has nowhere for the rest without a verified bank account in the client\u2019s name', async () => {
    const eve = await client('Eve', 'Park');
    await f.deposit(eve, { depositAmountSent: 50, sourceIdentifier: '4000 **** 0002' });
    const other = await f.bank(eve, 'FR7630006000011234567890189');
    await f.withdrawal(eve, { withdrawalAmount: 5, bankId: other, destinationHolder: 'Adam Park' });
    const pendingBank = await f.bank(eve, 'IT60X0542811101000000123456', 'pending');
    await f.withdrawal(eve, { withdrawalAmount: 5, bankId: pendingBank, destinationHolder: 'Eve Park' });
    const asked = await f.withdrawal(eve, {
      withdrawalAmount: 200,
      status: 'pending',
      withdrawalType: 'crypto',
      withdrawalPaymentName: 'Crypto',
      destinationIdentifier: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
    const r = (await picture(eve, asked)).returnToSource!;
    expect(r.lines).toEqual([
      expect.objectContaining({ kind: 'source', identifier: '4000 **** 0002', amount: 50 }),
      expect.objectContaining({ kind: 'none', identifier: null, amount: 150, reason: NO_VERIFIED_BANK }),
    ]);
    expect(r.differences).toEqual([
      'The client asked for 200.00 EUR to crypto bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh; 50.00 EUR should go back to card 4000 **** 0002 first.',
      `The rest, 150.00 EUR, has nowhere to go yet: ${NO_VERIFIED_BANK}.`,
    ]);
  });

  it('refuses an unknown client (404), a bad id (400) and a withdrawal of another client (404)', async () => {
    const fay = await client('Fay', 'Ito');
    const gus = await client('Gus', 'Ito');
    const theirs = await f.withdrawal(gus, { status: 'pending' });
    const get = (params: { userId: string }, query: { withdrawalId?: string } = {}) =>
      t.unchecked(calls.evidence.getMoneyPicture, { params, query }, t.auth(token));
    expect((await get({ userId: newId() })).status).toBe(404);
    expect((await get({ userId: 'not-an-id' })).status).toBe(400);
    expect((await get({ userId: fay }, { withdrawalId: 'nope' })).status).toBe(400);
    expect((await get({ userId: fay }, { withdrawalId: theirs })).status).toBe(404);
    expect((await get({ userId: fay }, { withdrawalId: newId() })).status).toBe(404);
    expect((await get({ userId: fay })).body.returnToSource).toBeNull();
  });
});
