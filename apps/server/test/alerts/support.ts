import { eq } from 'drizzle-orm';
import { calls, type Alert, type AlertRule } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { deposits, users, withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import type { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';

let nextLogin = 860_000 + Math.floor(Math.random() * 40_000);
export const DAY = 86_400;

/** Clients, requests, trades and reads for the alert tests (docs/product.md [alerts]). */
export function alertFixtures(t: TestApp, token: () => string) {
  async function client(name = 'Ann', surname = 'Lee'): Promise<string> {
    const id = await t.createUser({ email: `${newId()}@alerts.test`, role: 'USER', name });
    await t.db
      .update(users)
      .set({ surname, timestamp: t.clock.now() - 60 * DAY })
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
  async function trade(login: number, time: number, lots: number) {
    const one = { time, profit: 1, symbol: 'EURUSD', action: 'sell' as const, entry: 'out' as const };
    if (t.fake) t.fake.ledger.addTrades(login, [{ ...one, lots }]);
    else await (t.platform as SimulatorPlatform).addTrades(login, [{ ...one, volumeLots: lots }]);
  }

  async function deposit(userId: string, v: Partial<typeof deposits.$inferInsert> = {}) {
    const id = newId();
    const at = v.timestamp ?? t.clock.now() - 2 * DAY;
    await t.db.insert(deposits).values({
      id,
      userId,
      timestamp: at,
      depositCurrency: 'EUR',
      depositAmountSent: 100,
      accountNumber: 1,
      status: 'approved',
      timeApproved: at,
      depositType: 'card',
      ...v,
    });
    return id;
  }

  async function withdrawal(userId: string, v: Partial<typeof withdrawals.$inferInsert> = {}) {
    const id = newId();
    await t.db.insert(withdrawals).values({
      id,
      userId,
      withdrawalType: 'wire',
      withdrawalCurrency: 'EUR',
      withdrawalAmount: 100,
      accountNumber: 1,
      timestamp: t.clock.now() - 60,
      status: 'pending',
      ...v,
    });
    return id;
  }

  async function evaluate(userId: string) {
    const r = await t.call(calls.alerts.evaluateClientAlerts, { params: { userId } }, t.auth(token()));
    if (r.status !== 200) throw new Error(`evaluate: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  /** The open alerts of a client (every page). */
  async function openOf(userId: string, rule?: AlertRule): Promise<Alert[]> {
    const all: Alert[] = [];
    for (let page = 1; ; page++) {
      const r = await t.call(
        calls.alerts.listAlerts,
        { query: { status: 'open', page, pageSize: 100 } },
        t.auth(token()),
      );
      if (r.status !== 200) throw new Error(`list: ${r.status}`);
      all.push(...r.body.alerts);
      if (page * 100 >= r.body.total) break;
    }
    return all.filter((a) => a.userId === userId && (!rule || a.rule === rule));
  }

  return { client, account, trade, deposit, withdrawal, evaluate, openOf };
}
