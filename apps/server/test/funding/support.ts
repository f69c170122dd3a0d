import { afterAll, beforeAll, beforeEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, STAFF_PASSWORD, type TestApp } from '../support/test-app.ts';
import { deposits, transfers, withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { signInAll, staffRoster } from '../support/desk.ts';
import { insertRow } from '../support/insert-row.ts';

let nextLogin = 700_000 + Math.floor(Math.random() * 50_000);

/** A client's account as the funding tests open it on the test platform, but for its login. */
export const PLATFORM_ACCOUNT = {
  name: 'Client',
  group: 'real',
  leverage: 100,
  passwordMain: 'Main1234',
  passwordInvestor: 'Invest12',
};

/**
 * Requests and platform accounts for funding tests: rows as the client portal would have made them,
 * accounts opened on the test platform (simulator or the MT5 fake), and worker rounds until settled.
 */
export function fundingFixtures(t: TestApp, clientId: () => string) {
  /** Opens the platform account `login` (one a test first left missing, say). */
  const open = (login: number) => t.platform.createAccount({ ...PLATFORM_ACCOUNT, login });

  async function account(balance = 0): Promise<number> {
    const login = nextLogin++;
    await open(login);
    if (balance) await t.platform.balance(login, balance, `seed:${login}`);
    return login;
  }

  /** A login no account has (the platform refuses money sent to it). */
  const missingLogin = () => nextLogin++;

  async function deposit(login: number, amount: number, extra: Partial<typeof deposits.$inferInsert> = {}) {
    return insertRow(t.db, deposits, {
      userId: clientId(),
      timestamp: t.clock.now(),
      depositCurrency: 'USD',
      depositAmountSent: amount,
      accountNumber: login,
      status: 'pending',
      ...extra,
    });
  }

  async function withdrawal(
    login: number,
    amount: number,
    extra: Partial<typeof withdrawals.$inferInsert> = {},
  ) {
    return insertRow(t.db, withdrawals, {
      userId: clientId(),
      withdrawalType: 'wire',
      withdrawalCurrency: 'USD',
      withdrawalAmount: amount,
      accountNumber: login,
      timestamp: t.clock.now(),
      status: 'pending',
      ...extra,
    });
  }

  async function transfer(from: number, to: number, amount: number) {
    return insertRow(t.db, transfers, {
      userId: clientId(),
      sourceAccount: from,
      destinationAccount: to,
      transferCurrency: 'USD',
      transferAmount: amount,
      timestamp: t.clock.now(),
      status: 'pending',
    });
  }

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

  return {
    account,
    open,
    missingLogin,
    deposit,
    withdrawal,
    transfer,
    settle,
    balanceOf: async (login: number) => (await t.platform.getAccount(login)).balance,
    dealsOf: (login: number) => t.deals(login),
    depositRow: async (id: string) => (await t.db.select().from(deposits).where(eq(deposits.id, id)))[0]!,
    withdrawalRow: async (id: string) =>
      (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!,
    transferRow: async (id: string) => (await t.db.select().from(transfers).where(eq(transfers.id, id)))[0]!,
  };
}

/**
 * The usual start of a funding test on an app: a staff member `<name>@desk.test` signed in, and a
 * client `<name>@client.test` whose requests the fixtures make.
 */
export async function fundingDesk(t: TestApp, name: string) {
  await t.createUser({ email: `${name}@desk.test`, password: STAFF_PASSWORD });
  const clientId = await t.createUser({ email: `${name}@client.test`, role: 'USER' });
  const f = fundingFixtures(t, () => clientId);
  const token = await t.signIn(`${name}@desk.test`, STAFF_PASSWORD);
  return { clientId, f, token };
}

/** A client's pending transfer of 42 USD from 500100 to 500101, as a bare row for the lists to show. */
export const transferRow = (
  userId: string,
  timestamp: number,
  extra: Partial<typeof transfers.$inferInsert> = {},
) => ({
  id: newId(),
  userId,
  sourceAccount: 500100,
  destinationAccount: 500101,
  transferCurrency: 'USD',
  transferAmount: 42,
  timestamp,
  status: 'pending',
  ...extra,
});

/**
 * A funding desk with two staff members, `<a>@desk.test` and `<b>@desk.test` (a second approver, a
 * second person pressing the same button), and a client `<client>@client.test`. `signIn` gives both
 * their sessions: tests that settle move the clock past the idle limit and sign in again per test.
 */
export async function fundingPair(t: TestApp, staff: readonly [string, string], client: string) {
  for (const who of staff) await t.createUser({ email: `${who}@desk.test`, password: STAFF_PASSWORD });
  const clientId = await t.createUser({ email: `${client}@client.test`, role: 'USER' });
  const f = fundingFixtures(t, () => clientId);
  const signIn = async (): Promise<[string, string]> => [
    await t.signIn(`${staff[0]}@desk.test`, STAFF_PASSWORD),
    await t.signIn(`${staff[1]}@desk.test`, STAFF_PASSWORD),
  ];
  return { clientId, f, signIn };
}

/**
 * The desk of the four-eyes, bulk and withdrawal-alerts suites: an app, staff members `<who>@<domain>` by
 * name (see staffRoster; their ids in `ids`) and a client whose requests the fixtures make, started
 * before the suite's tests and stopped after them. Settling moves the clock past back-offs and the idle
 * limit, so every staff member signs in afresh before each test (`tokens`).
 */
export function rosterSuite<W extends string>(
  staff: readonly W[],
  domain: string,
  clientEmail: string,
  app?: Parameters<typeof startTestApp>[0],
) {
  const d = { ids: {}, tokens: {} } as {
    t: TestApp;
    f: ReturnType<typeof fundingFixtures>;
    clientId: string;
    ids: Record<W, string>;
    tokens: Record<W, string>;
  };
  beforeAll(async () => {
    d.t = await startTestApp(app);
    Object.assign(d.ids, await staffRoster(d.t, staff, domain));
    d.clientId = await d.t.createUser({ email: clientEmail, role: 'USER' });
    d.f = fundingFixtures(d.t, () => d.clientId);
  });
  beforeEach(() => signInAll(d.t, staff, domain, d.tokens));
  afterAll(() => d.t.stop());
  return d;
}
