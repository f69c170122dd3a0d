import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { applications, bankAccounts, deposits, users, withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import type { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';
import { insertRow } from '../support/insert-row.ts';

export const DAY = 86_400;
let nextLogin = 810_000 + Math.floor(Math.random() * 90_000);

type DepositRow = Partial<typeof deposits.$inferInsert>;
type WithdrawalRow = Partial<typeof withdrawals.$inferInsert>;

/**
 * Clients, their money and their trading, written as the client portal and a trading terminal would
 * (straight into the database and the platform): the set-up of the money picture and alert tests
 * (docs/product.md [evidence], [alerts]). `defaults` sets what a suite's rows carry unless told.
 */
export function moneyFixtures(
  t: TestApp,
  defaults: { depositAgo?: number; withdrawal?: WithdrawalRow } = {},
) {
  async function client(name = 'Ann', surname = 'Lee', v: Partial<typeof users.$inferInsert> = {}) {
    const id = await t.createUser({ email: `${newId()}@funding.test`, role: 'USER', name });
    await t.db
      .update(users)
      .set({ surname, timestamp: t.clock.now() - 60 * DAY, ...v })
      .where(eq(users.id, id));
    return id;
  }

  async function account(): Promise<number> {
    const login = nextLogin++;
    await t.platform.createAccount({
      login,
      name: 'Client',
      group: 'real',
      leverage: 100,
      passwordMain: 'Main1234',
      passwordInvestor: 'Invest12',
    });
    return login;
  }

  /** Trades on a login as a terminal would make them, on whichever platform the suite runs. */
  async function trade(
    login: number,
    list: { time: number; lots: number; profit?: number; symbol?: string }[],
  ) {
    const deals = list.map((x) => ({
      time: x.time,
      profit: x.profit ?? 1,
      symbol: x.symbol ?? 'EURUSD',
      action: 'sell' as const,
      entry: 'out' as const,
    }));
    if (t.fake)
      t.fake.ledger.addTrades(
        login,
        deals.map((d, i) => ({ ...d, lots: list[i]!.lots })),
      );
    else
      await (t.platform as SimulatorPlatform).addTrades(
        login,
        deals.map((d, i) => ({ ...d, volumeLots: list[i]!.lots })),
      );
  }

  async function deposit(userId: string, v: DepositRow = {}) {
    const at = v.timestamp ?? t.clock.now() - (defaults.depositAgo ?? 10 * DAY);
    return insertRow(t.db, deposits, {
      userId,
      timestamp: at,
      depositCurrency: 'EUR',
      depositAmountSent: 100,
      accountNumber: 1,
      status: 'approved',
      timeApproved: at,
      depositType: 'card',
      depositPaymentName: 'Visa',
      ...v,
    });
  }

  async function withdrawal(userId: string, v: WithdrawalRow = {}) {
    return insertRow(t.db, withdrawals, {
      userId,
      withdrawalType: 'wire',
      withdrawalPaymentName: 'Bank Transfer',
      withdrawalCurrency: 'EUR',
      withdrawalAmount: 100,
      accountNumber: 1,
      timestamp: t.clock.now() - DAY,
      status: 'approved',
      ...defaults.withdrawal,
      ...v,
    });
  }

  async function bank(
    userId: string,
    iban: string,
    status = 'approved',
    v: Partial<typeof bankAccounts.$inferInsert> = {},
  ) {
    return insertRow(t.db, bankAccounts, {
      userId,
      bankName: 'Test Bank',
      bankCountry: 'DE',
      bankAccountCurrency: 'EUR',
      bankIban: iban,
      status,
      timestamp: t.clock.now() - 30 * DAY,
      ...v,
    });
  }

  /** The application's money figures as the client declared them (bands such as "1,000 - 5,000"). */
  async function declare(userId: string, d: { expectedDeposit: string; savings: string }) {
    await t.db.insert(applications).values({
      userId,
      user: {},
      employmentIncome: { annualSalary: '', wealthSource: '', ...d },
      tradingExperience: {},
      tradingPreferences: {},
    });
  }

  return { client, account, trade, deposit, withdrawal, bank, declare };
}
