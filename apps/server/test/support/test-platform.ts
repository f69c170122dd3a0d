import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { simDeals } from '../../src/db/schema.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';
import { parseFaults } from '../../src/integrations/platform/faults.ts';
import { createMt5Platform } from '../../src/integrations/platform/mt5/index.ts';
import type { TradingPlatform } from '../../src/integrations/platform/types.ts';
import { FakeMt5Server } from './fake-mt5/index.ts';
import { CURRENCIES } from '@brokerdesk/contract';
import { defaultGroup } from '../../src/features/accounts/naming.ts';

export type TestPlatform = {
  kind: 'simulator' | 'mt5';
  platform: TradingPlatform;
  /** Deals on a login as the platform's ledger holds them. */
  deals(login: number): Promise<{ deal: number; amount: number; comment: string }[]>;
  /** Deal reads the platform has answered so far, by login or by group: what reconciliation costs it. */
  dealReads(): number;
  faults: {
    /** The next balance operation is applied but its reply never arrives. */
    loseNextBalanceReply(): void;
    /** Balance calls land an hour after they arrived (the caller hears "unknown") until clear()... */
    lateBalances(): void;
    /** ...or until the platform catches up: every held call lands now. */
    landLate(): Promise<void>;
    /** Every call fails until clear(). */
    down(): void;
    clear(): void;
  };
  stop(): Promise<void>;
};

const MANAGER = { login: 1000, password: 'Manager1' };

/**
 * The trading platform the API suites run against: the simulator by default, or with
 * TEST_PLATFORM=mt5 the real MT5 Web API client talking to the protocol-level fake server.
 */
export async function startTestPlatform(
  db: Db,
  clock: Clock,
  opts: { kind?: 'simulator' | 'mt5'; timeoutMs?: number } = {},
): Promise<TestPlatform & { fake?: FakeMt5Server }> {
  const kind = opts.kind ?? (process.env.TEST_PLATFORM === 'mt5' ? 'mt5' : 'simulator');
  if (kind === 'simulator') {
    // The simulated caller waits no time at all for a late change: the API tests move the clock
    // themselves, and a wait on it would hold the round until they did.
    const sim = new SimulatorPlatform(db, clock, undefined, Math.random, 0);
    let reads = 0;
    const byLogin = sim.balanceDeals.bind(sim);
    const byGroup = sim.groupBalanceDeals.bind(sim);
    sim.balanceDeals = (...args) => (reads++, byLogin(...args));
    sim.groupBalanceDeals = (...args) => (reads++, byGroup(...args));
    return {
      kind: 'simulator',
      platform: sim,
      deals: async (login) =>
        (await db.select().from(simDeals).where(eq(simDeals.login, login))).map((d) => ({
          deal: d.deal,
          amount: d.amount,
          comment: d.comment,
        })),
      dealReads: () => reads,
      faults: {
        loseNextBalanceReply: () => sim.setFaults(parseFaults('lost=1')),
        lateBalances: () => sim.setFaults(parseFaults('late=3600')),
        landLate: () => sim.landLate(),
        down: () => sim.setFaults(parseFaults('down=1')),
        clear: () => sim.setFaults(parseFaults('')),
      },
      stop: async () => undefined,
    };
  }
  // The groups the console names accounts into (features/accounts/naming.ts), plus a plain one for tests.
  const groups = ['real', 'demo'].flatMap((env) =>
    ['Standard', 'ECN', 'Mini FX'].flatMap((type) =>
      CURRENCIES.map((c) => defaultGroup(env === 'real', type, c)),
    ),
  );
  const fake = new FakeMt5Server({
    managerLogin: MANAGER.login,
    managerPassword: MANAGER.password,
    groups: [...groups, 'real'],
    now: clock.now,
  });
  const { url } = await fake.start();
  const mt5 = createMt5Platform({
    url,
    ...MANAGER,
    timeoutMs: opts.timeoutMs ?? 10_000,
    retry: { attempts: 3, backoffMs: 5 },
    now: clock.now,
  });
  return {
    kind: 'mt5',
    fake,
    platform: mt5,
    deals: async (login) =>
      fake.ledger.deals(login).map((d) => ({ deal: d.deal, amount: d.profit, comment: d.comment })),
    dealReads: () => fake.counters.dealReads,
    faults: {
      loseNextBalanceReply: () => fake.faults.applyButLoseReply({ path: '/api/trade/balance' }),
      lateBalances: () => fake.faults.late({ path: '/api/trade/balance', seconds: 3_600, times: 1_000 }),
      landLate: async () => void fake.landLate(),
      down: () => fake.faults.refuse({ status: 503, times: 1_000 }),
      clear: () => fake.faults.clear(),
    },
    async stop() {
      await mt5.close();
      await fake.stop();
    },
  };
}

/** A client account as a platform test opens it (the trades and worker tests). */
export const ANN_LEE = {
  name: 'Ann Lee',
  group: 'real\\standard',
  leverage: 100,
  passwordMain: 'Pa55!word',
  passwordInvestor: 'Inv3st!or',
};
