import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calls } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, bankAccounts, withdrawals } from '../../src/db/schema.ts';
import { alertFixtures, DAY } from './support.ts';

/**
 * The rules on where money goes and what the client declared (docs/product.md [alerts.rules]), each at
 * its threshold, just under and just over it, and in another currency; and when they run
 * ([alerts.when]): on what the client portal writes and on payment details changed, waited for with
 * settled(), never with a sleep.
 */
describe(`alert rules on destinations, declarations and bank details (${testDbKind})`, () => {
  let t: TestApp;
  let admin: string;
  let sysop: string;
  let f: ReturnType<typeof alertFixtures>;
  const unique = () => Math.floor(Math.random() * 1e8);

  beforeAll(async () => {
    ({ t, token: admin } = await startDesk('alerts-payment@desk.test'));
    sysop = await t.signInStaff('alerts-payment-sysop@desk.test', 'SYSOP');
    f = alertFixtures(t, () => admin);
  });
  afterAll(() => t.stop());

  const setThreshold = async (rule: string, setting: string, currency: string, value: number) => {
    const r = await t.call(
      calls.alerts.setAlertThreshold,
      { body: { rule: rule as never, setting, currency: currency as never, value } },
      t.auth(sysop),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  describe('a withdrawal to a destination never deposited from', () => {
    /** A card deposit of `card`, then a withdrawal of 500 by wire to an IBAN the client never paid from. */
    const away = async (card: number, currency = 'EUR', destination?: string) => {
      const id = await f.client();
      const cardId = `4111 **** ${unique()}`;
      await f.deposit(id, { depositCurrency: currency, depositAmountSent: card, sourceIdentifier: cardId });
      await f.deposit(id, {
        depositCurrency: currency,
        depositAmountSent: 2000,
        depositType: 'wire',
        sourceIdentifier: `DE${unique()}`,
      });
      await f.withdrawal(id, {
        withdrawalCurrency: currency,
        withdrawalAmount: 500,
        destinationIdentifier: destination === 'card' ? cardId : (destination ?? `FR76${unique()}`),
      });
      await f.evaluate(id);
      return { alerts: await f.openOf(id, 'new-destination'), cardId };
    };

    it('fires from the smallest refundable money left, not under it', async () => {
      expect((await away(49.99)).alerts).toHaveLength(0);
      const at = await away(50);
      expect(at.alerts).toHaveLength(1);
      expect(at.alerts[0]!.facts).toMatchObject({
        currency: 'EUR',
        amount: 500,
        method: 'bank wire',
        refundableLeft: 50,
        sources: [{ method: 'card', identifier: at.cardId, left: 50 }],
        minRefundable: 50,
      });
      expect(at.alerts[0]!.summary).toContain('never deposited from');
      expect((await away(50.01)).alerts).toHaveLength(1);
    });

    it('does not fire for a withdrawal back to a source the client paid from', async () => {
      expect((await away(300, 'EUR', 'card')).alerts).toHaveLength(0);
    });

    it('counts what went back already, and an unknown destination as a new one', async () => {
      const id = await f.client();
      const card = `5500 **** ${unique()}`;
      await f.deposit(id, { depositAmountSent: 200, sourceIdentifier: card });
      await f.withdrawal(id, { withdrawalAmount: 150, status: 'approved', destinationIdentifier: card });
      await f.withdrawal(id, { withdrawalAmount: 80, destinationIdentifier: null });
      await f.evaluate(id);
      const [alert] = await f.openOf(id, 'new-destination');
      expect(alert!.facts).toMatchObject({ destination: null, refundableLeft: 50 });
      expect(alert!.summary).toContain('source unknown');
    });

    it('uses the threshold of the withdrawal’s own currency', async () => {
      await setThreshold('new-destination', 'min-refundable', 'GBP', 400);
      expect((await away(399.99, 'GBP')).alerts).toHaveLength(0);
      expect((await away(400, 'GBP')).alerts).toHaveLength(1);
      expect((await away(60, 'USD')).alerts).toHaveLength(1);
    });

    it('reads the refund setting of each method, which a SYSOP sets (audited)', async () => {
      const set = (refundable: boolean, token = sysop) =>
        t.raw(calls.evidence.setRefundableMethod, { body: { method: 'card', refundable } }, t.auth(token));
      expect((await set(false, admin)).status).toBe(403);
      const off = await set(false);
      expect(off.status).toBe(200);
      expect((await away(300)).alerts).toHaveLength(0);
      const [row] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'refundable-method.set'), eq(auditLog.entityId, 'card')));
      expect(row).toBeDefined();
      expect((await set(true)).status).toBe(200);
      const list = await t.call(calls.evidence.listRefundableMethods, {}, t.auth(admin));
      expect(list.body.methods.map((m) => [m.method, m.refundable])).toEqual([
        ['card', true],
        ['ewallet', true],
        ['wire', false],
        ['crypto', false],
      ]);
      const bad = await t.raw(
        calls.evidence.setRefundableMethod,
        { body: { method: 'cheque', refundable: true } },
        t.auth(sysop),
      );
      expect(bad.status).toBe(400);
    });
  });

  describe('deposits above what the client declared', () => {
    const declared = async (
      amounts: number[],
      d: { expectedDeposit: string; savings: string },
      currency = 'EUR',
      daysApart = 1,
    ) => {
      const id = await f.client();
      await f.declare(id, d);
      const start = t.clock.now() - amounts.length * daysApart * DAY;
      for (const [i, amount] of amounts.entries())
        await f.deposit(id, {
          depositCurrency: currency,
          depositAmountSent: amount,
          timestamp: start + i * daysApart * DAY,
        });
      await f.evaluate(id);
      return f.openOf(id, 'above-declared');
    };
    const band = { expectedDeposit: '1,000 - 5,000', savings: 'Over 250,000' };

    it('fires just over the declared expected deposit, not at it', async () => {
      expect(await declared([3000, 2000], band)).toHaveLength(0);
      expect(await declared([3000, 1999.99], band)).toHaveLength(0);
      const over = await declared([3000, 2000.01], band);
      expect(over).toHaveLength(1);
      expect(over[0]!.facts).toMatchObject({
        currency: 'EUR',
        total: 5000.01,
        deposits: 2,
        declaredCeiling: 5000,
        above: ['expected deposit'],
        windowDays: 30,
      });
    });

    it('compares with the savings too, and counts only the window’s deposits', async () => {
      const savings = { expectedDeposit: 'Over 20,000', savings: 'Under 15,000' };
      expect(await declared([15000], savings)).toHaveLength(0);
      const over = await declared([15000.01], savings);
      expect(over[0]!.facts).toMatchObject({ above: ['savings'], declaredCeiling: 15000 });
      // Two deposits 31 days apart: never both in one 30-day window.
      expect(await declared([3000, 3000], band, 'EUR', 31)).toHaveLength(0);
      // Nothing declared, or only open bands: no ceiling to pass.
      expect(await declared([9000], { expectedDeposit: '', savings: 'Over 250,000' })).toHaveLength(0);
    });

    it('counts deposits from the smallest amount of their currency', async () => {
      const small = { expectedDeposit: 'Under 1,000', savings: 'Under 15,000' };
      await setThreshold('above-declared', 'min-amount', 'GBP', 3000);
      expect(await declared([2999.99], small, 'GBP')).toHaveLength(0);
      expect(await declared([3000], small, 'GBP')).toHaveLength(1);
      expect(await declared([1000.01], small, 'USD')).toHaveLength(1);
      expect(await declared([1000], small, 'USD')).toHaveLength(0);
    });
  });

  describe('bank details changed shortly before a withdrawal', () => {
    const changed = async (secondsBefore: number, currency = 'EUR') => {
      const id = await f.client();
      const at = t.clock.now() - 60;
      await f.bank(id, `DE${unique()}`, 'pending', { timestamp: at - secondsBefore });
      await f.withdrawal(id, { withdrawalCurrency: currency, withdrawalAmount: 250, timestamp: at });
      await f.evaluate(id);
      return f.openOf(id, 'bank-details-changed');
    };

    it('fires for bank details added up to three days before, not earlier', async () => {
      expect(await changed(3 * DAY + 1)).toHaveLength(0);
      const at = await changed(3 * DAY);
      expect(at).toHaveLength(1);
      expect(at[0]!.facts).toMatchObject({ currency: 'EUR', amount: 250, daysBefore: 3, windowDays: 3 });
      expect(await changed(3 * DAY - 1, 'GBP')).toHaveLength(1);
      await setThreshold('bank-details-changed', 'window-days', '', 10);
      expect(await changed(9 * DAY, 'USD')).toHaveLength(1);
      await setThreshold('bank-details-changed', 'window-days', '', 3);
    });
  });

  it('names a phone number given by another client, once per client', async () => {
    const phone = `07700 ${unique()}`;
    const first = await f.client('Zed', 'Quinn', { mobilePhone: phone });
    const second = await f.client('Ann', 'Lee', { mobilePhone: `+${phone.replace(/\s/g, '-')}` });
    await f.deposit(second, { depositAmountSent: 10 });
    await f.deposit(second, { depositAmountSent: 20 });
    await f.evaluate(second);
    const alerts = await f.openOf(second, 'shared-identifier');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.facts).toMatchObject({ kind: 'phone', clients: 2 });
    expect(alerts[0]!.facts.otherClients).toEqual([`Z. Q. (…${first.slice(-4)})`]);
  });

  describe('when the rules run', () => {
    it('runs on a withdrawal the client portal writes, after its commit', async () => {
      const id = await f.client();
      await f.deposit(id, { depositAmountSent: 1000, timestamp: t.clock.now() - DAY });
      await f.withdrawal(id, { withdrawalAmount: 900 });
      await t.settled();
      expect((await f.openOf(id, 'round-trip')).map((a) => a.requestType)).toEqual(['withdrawal']);
    });

    it('looks at the open withdrawals again when the client’s bank details change', async () => {
      const id = await f.client();
      const bank = await f.bank(id, `DE${unique()}`, 'approved', { timestamp: t.clock.now() - 90 * DAY });
      const w = await f.withdrawal(id, { withdrawalAmount: 40 });
      await t.settled();
      expect(await f.openOf(id, 'bank-details-changed')).toHaveLength(0);
      await t.db
        .update(bankAccounts)
        .set({ bankIban: `GB${unique()}` })
        .where(eq(bankAccounts.id, bank));
      await t.settled();
      const [alert] = await f.openOf(id, 'bank-details-changed');
      expect(alert).toMatchObject({ requestType: 'withdrawal', requestId: w });
    });

    it('runs when a withdrawal changes status, and never on a refused one', async () => {
      const id = await f.client();
      await f.deposit(id, { depositAmountSent: 1000, timestamp: t.clock.now() - DAY });
      const w = await f.withdrawal(id, { withdrawalAmount: 900, status: 'rejected' });
      await t.settled();
      expect(await f.openOf(id)).toHaveLength(0);
      await t.db.update(withdrawals).set({ status: 'pending' }).where(eq(withdrawals.id, w));
      await t.settled();
      expect((await f.openOf(id, 'round-trip')).map((a) => a.requestId)).toEqual([w]);
    });
  });
});
