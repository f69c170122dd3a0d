import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { alertFixtures, DAY } from './support.ts';

/**
 * Each alert rule (docs/product.md [alerts.rules]) at its threshold, just under and just over it, and in
 * another currency, evaluated on demand through the API; raised once per rule and request.
 */
describe(`alert rules (${testDbKind})`, () => {
  let t: TestApp;
  let admin: string;
  let sysop: string;
  let f: ReturnType<typeof alertFixtures>;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signInStaff('alerts-rules@desk.test', 'ADMIN');
    sysop = await t.signInStaff('alerts-rules-sysop@desk.test', 'SYSOP');
    f = alertFixtures(t, () => admin);
    // Four-eyes from 1,000 EUR and 2,000 GBP: the splitting rule reads these.
    for (const [currency, amount] of [
      ['EUR', 1000],
      ['GBP', 2000],
    ] as const) {
      const r = await t.call(
        calls.approvals.setThreshold,
        { body: { requestType: 'deposit', currency, amount } },
        t.auth(sysop),
      );
      expect(r.status).toBe(200);
    }
  });
  afterAll(() => t.stop());

  describe('deposits split under the four-eyes threshold', () => {
    const split = async (currency: string, amounts: number[], apartSeconds = 3600) => {
      const id = await f.client();
      const start = t.clock.now() - 2 * DAY;
      for (const [i, amount] of amounts.entries())
        await f.deposit(id, {
          depositCurrency: currency,
          depositAmountSent: amount,
          timestamp: start + i * apartSeconds,
        });
      await f.evaluate(id);
      return f.openOf(id, 'split-deposits');
    };

    it('fires just over the threshold, not at it', async () => {
      expect(await split('EUR', [400, 600])).toHaveLength(0);
      const over = await split('EUR', [400, 600.01]);
      expect(over).toHaveLength(1);
      expect(over[0]!.facts).toMatchObject({ currency: 'EUR', total: 1000.01, fourEyesThreshold: 1000 });
      expect(over[0]!.summary).toContain('2 deposits');
    });

    it('uses the threshold of the deposits’ own currency', async () => {
      expect(await split('GBP', [600, 600.01])).toHaveLength(0);
      expect(await split('GBP', [1000, 1000.01])).toHaveLength(1);
      // No four-eyes threshold left for USD: nothing to stay under.
      await t.call(
        calls.approvals.setThreshold,
        { body: { requestType: 'deposit', currency: 'USD', amount: null } },
        t.auth(sysop),
      );
      expect(await split('USD', [9000, 9000])).toHaveLength(0);
    });

    it('does not fire for a deposit above the threshold, or deposits further apart than the window', async () => {
      expect(await split('EUR', [1000.01, 10])).toHaveLength(0);
      expect(await split('EUR', [600, 600], 24 * 3600 + 1)).toHaveLength(0);
      expect(await split('EUR', [600, 600], 24 * 3600)).toHaveLength(1);
    });
  });

  describe('a deposit withdrawn again within days', () => {
    const trip = async (currency: string, deposited: number, withdrawn: number, daysBefore = 2) => {
      const id = await f.client();
      await f.deposit(id, {
        depositCurrency: currency,
        depositAmountSent: deposited,
        timestamp: t.clock.now() - daysBefore * DAY,
      });
      await f.withdrawal(id, { withdrawalCurrency: currency, withdrawalAmount: withdrawn });
      await f.evaluate(id);
      return f.openOf(id, 'round-trip');
    };

    it('fires from 80% of the deposits, not under', async () => {
      expect(await trip('EUR', 1000, 799.99)).toHaveLength(0);
      const at = await trip('EUR', 1000, 800);
      expect(at).toHaveLength(1);
      expect(at[0]!.facts).toMatchObject({ amount: 800, deposited: 1000, sharePercent: 80, days: 2 });
      expect(await trip('EUR', 1000, 800.01)).toHaveLength(1);
    });

    it('counts deposits from the smallest amount of their currency and within the window', async () => {
      expect(await trip('EUR', 499.99, 499.99)).toHaveLength(0);
      expect(await trip('EUR', 500, 500)).toHaveLength(1);
      expect(await trip('EUR', 1000, 1000, 8)).toHaveLength(0);
      const usd = await t.call(
        calls.alerts.setAlertThreshold,
        { body: { rule: 'round-trip', setting: 'min-amount', currency: 'USD', value: 2000 } },
        t.auth(sysop),
      );
      expect(usd.status).toBe(200);
      expect(await trip('USD', 1999.99, 1999.99)).toHaveLength(0);
      expect(await trip('USD', 2000, 2000)).toHaveLength(1);
      expect(await trip('GBP', 600, 600)).toHaveLength(1);
    });
  });

  describe('a withdrawal with little trading since the deposits', () => {
    const low = async (lots: number[], currency = 'EUR', platformDown = false) => {
      const id = await f.client();
      const login = await f.account();
      const at = t.clock.now() - 5 * DAY;
      await f.deposit(id, {
        depositCurrency: currency,
        depositAmountSent: 300,
        accountNumber: login,
        timestamp: at,
      });
      for (const [i, l] of lots.entries()) await f.trade(login, at + 3600 * (i + 1), l);
      const w = await f.withdrawal(id, {
        withdrawalCurrency: currency,
        withdrawalAmount: 50,
        accountNumber: login,
      });
      if (platformDown) t.faults.down();
      const reply = await f.evaluate(id).finally(() => t.faults.clear());
      return { alerts: await f.openOf(id, 'low-trading'), reply, w, id };
    };

    it('fires under one lot, not at it or over', async () => {
      expect((await low([0.5, 0.49])).alerts).toHaveLength(1);
      expect((await low([0.5, 0.5])).alerts).toHaveLength(0);
      expect((await low([1.01])).alerts).toHaveLength(0);
      const none = await low([], 'USD');
      expect(none.alerts).toHaveLength(1);
      expect(none.alerts[0]!.facts).toMatchObject({ currency: 'USD', volumeLots: 0, trades: 0, minLots: 1 });
    });

    it('judges no low trading when the platform cannot tell: "trading unknown", and approving needs a note', async () => {
      const r = await low([], 'EUR', true);
      expect(r.alerts).toHaveLength(0);
      expect(r.reply.tradingUnknown.map((u) => u.requestId)).toEqual([r.w]);
      const [unknown, ...more] = await f.openOf(r.id, 'trading-unknown');
      expect(more).toHaveLength(0);
      expect(unknown).toMatchObject({ requestId: r.w, status: 'open' });
      expect(unknown!.summary).toMatch(/^Trading unknown \(.+\): low trading could not be judged/);
      const approve = (alertNote?: string) =>
        t.call(
          calls.funding.updateWithdrawal,
          {
            body: {
              withdrawal: { _id: r.w, status: 'approved', comment: '', ...(alertNote ? { alertNote } : {}) },
            },
          },
          t.auth(admin),
        );
      const refused = await approve();
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errors: { alertNote: expect.any(String) } });
      const approved = await approve('Checked the trading on MT5 by hand: 3 lots since the deposit.');
      expect(approved.status).toBe(200);
      expect(await f.openOf(r.id, 'trading-unknown')).toHaveLength(0);
    });
  });

  describe('payment details shared between clients', () => {
    it('fires when a second client uses an identifier, naming the other masked', async () => {
      const iban = `DE89 3704 0044 0532 ${Math.floor(Math.random() * 1e8)}`;
      const first = await f.client('Zed', 'Quinn');
      await f.deposit(first, { sourceIdentifier: iban });
      await f.evaluate(first);
      expect(await f.openOf(first, 'shared-identifier')).toHaveLength(0);

      const second = await f.client('Ann', 'Lee');
      await f.withdrawal(second, { destinationIdentifier: iban, withdrawalAmount: 10 });
      await f.evaluate(second);
      const [alert] = await f.openOf(second, 'shared-identifier');
      expect(alert!.facts).toMatchObject({ identifier: iban, clients: 2 });
      expect(alert!.facts.otherClients).toEqual([`Z. Q. (…${first.slice(-4)})`]);
      expect(alert!.summary).not.toContain('Zed');
    });
  });

  it('raises an alert once per rule and request, however often the rules run', async () => {
    const id = await f.client();
    await f.deposit(id, { depositAmountSent: 1000, timestamp: t.clock.now() - DAY });
    await f.withdrawal(id, { withdrawalAmount: 900 });
    const first = await f.evaluate(id);
    expect(first.raised.map((a) => a.rule).sort()).toEqual(['low-trading', 'round-trip']);
    const again = await f.evaluate(id);
    expect(again.raised).toEqual([]);
    expect(await f.openOf(id)).toHaveLength(2);
  });

  it('runs after a deposit decision, and the decision never waits on it', async () => {
    const id = await f.client();
    const iban = `GB33 BUKB 2020 1555 ${Math.floor(Math.random() * 1e8)}`;
    const other = await f.client('Bo', 'Ek');
    await f.deposit(other, { sourceIdentifier: iban });
    const login = await f.account();
    const dep = await f.deposit(id, {
      sourceIdentifier: iban,
      status: 'pending',
      timeApproved: null,
      accountNumber: login,
      depositAmountSent: 20,
    });
    const r = await t.call(calls.funding.processDeposit, { body: { depositId: dep } }, t.auth(admin));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await t.settled();
    const alerts = await f.openOf(id, 'shared-identifier');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ requestType: 'deposit', requestId: dep });
  });

  it('refuses to evaluate an unknown client (404) or a bad id (400)', async () => {
    const missing = await t.refused(
      calls.alerts.evaluateClientAlerts,
      { params: { userId: 'a'.repeat(24) } },
      t.auth(admin),
    );
    expect(missing.status).toBe(404);
    const bad = await t.refused(
      calls.alerts.evaluateClientAlerts,
      { params: { userId: 'nope' } },
      t.auth(admin),
    );
    expect(bad.status).toBe(400);
  });
});
