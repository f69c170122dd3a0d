import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallBody } from '@brokerdesk/contract';
import { eq, inArray } from 'drizzle-orm';
import type { TestApp, BodyOnlyCall } from '../support/test-app.ts';
import { leverageRequest, startDesk } from '../support/desk.ts';
import { fundingFixtures } from '../funding/support.ts';
import { testDbKind } from '../support/db.ts';
import {
  deposits,
  leverageChanges,
  platformOperations,
  subAccountRequests,
  tradingAccounts,
  transfers,
  withdrawals,
} from '../../src/db/schema.ts';
import type { FakeMt5Server } from '../support/fake-mt5/index.ts';

/** Each fault switch of the fake MT5 server, armed on the calls that change something. */
const FAULTS: Record<string, (fake: FakeMt5Server) => void> = {
  refuse: (f) => f.faults.refuse({ status: 503, path: '/api/trade/balance' }),
  timeout: (f) => f.faults.timeout({ path: '/api/trade/balance' }),
  drop: (f) => f.faults.drop({ path: '/api/user/add' }),
  applyButLoseReply: (f) => f.faults.applyButLoseReply({ path: '/api/trade/balance' }),
  frequent: (f) => f.faults.frequent({ path: '/api/user/update' }),
  // MT5 under load: the balance lands long after the client gave up (the settle loop lets it land).
  late: (f) => f.faults.late({ path: '/api/trade/balance', seconds: 3_600 }),
  lateUpdate: (f) => f.faults.late({ path: '/api/user/update', seconds: 3_600 }),
  // Every call held a while before MT5 looks at it: calls queue up behind each other in the session.
  stall: (f) => f.faults.stall(0.2),
};

/**
 * Fault runs: for every fault switch, approvals of deposits, withdrawals, transfers, leverage
 * changes and account creations end with the fake's ledger matching the approved requests exactly.
 */
describe(`fault runs against the MT5 Web API fake (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('faults@desk.test', {
      app: { platform: 'mt5', platformTimeoutMs: 1_000, alertRules: false },
    }));
    clientId = await t.createUser({ email: 'faults@client.test', role: 'USER', status: 'approved' });
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>) => t.post(def, body, t.auth(token));
  // Settling moves the clock past back-offs, and so past the session's idle limit: sign in again, as a
  // staff member of this run's own (sign-in is rate-limited per account).
  let staffEmail = 'faults@desk.test';
  const freshSession = async () => {
    token = await t.signIn(staffEmail, 'Correct-Horse-1');
  };

  for (const [name, arm] of Object.entries(FAULTS)) {
    it(`ends with the ledger matching the approvals under "${name}"`, async () => {
      const fake = t.fake!;
      staffEmail = `faults-${name.toLowerCase()}@desk.test`;
      await t.createUser({ email: staffEmail, password: 'Correct-Horse-1' });
      await freshSession();
      // Two accounts opened through the console, under the fault.
      arm(fake);
      const opened: string[] = [];
      for (let i = 0; i < 2; i++) {
        const r = await post(calls.accounts.createSubAccount, {
          userId: clientId,
          requestType: 'live',
          accType: 'Standard',
          baseCurrency: 'USD',
          leverage: 100,
        });
        expect(r.status).toBe(200);
        opened.push((r.body as { accountId: string }).accountId);
      }
      const rounds = { n: 0, faults: 1 };
      const settle = async () => {
        for (let i = 0; i < 60; i++) {
          rounds.n++;
          const tally = await t.worker.runOnce();
          if (tally.claimed === 0) {
            // A look-up inside the settle window first: a late request has not landed yet.
            t.clock.advance(10);
            if ((await t.worker.runOnce()).claimed > 0) continue;
            // Then MT5 catches up, and the window ends.
            t.fake!.landLate();
            t.clock.advance(400);
            if ((await t.worker.runOnce()).claimed === 0) return;
          }
        }
        throw new Error('operations did not settle');
      };
      await settle();
      await freshSession();
      const accounts = await t.db.select().from(tradingAccounts).where(inArray(tradingAccounts.id, opened));
      expect(accounts.every((a) => a.approved)).toBe(true);
      const [a, b] = accounts.map((x) => x.number) as [number, number];
      expect(fake.ledger.account(a)).toBeDefined();
      expect(fake.ledger.account(b)).toBeDefined();

      // Money: 3 deposits to a, a withdrawal from a, a transfer a -> b, a leverage change on b.
      const f = fundingFixtures(t, () => clientId);
      const depositIds = [];
      for (const amount of [100, 250.5, 49.5]) depositIds.push({ id: await f.deposit(a, amount), amount });
      const wd = await f.withdrawal(a, 80);
      const tr = await f.transfer(a, b, 120);
      const lev = await leverageRequest(t, clientId, { accountNumber: b, newLeverage: '400' });

      for (const { id } of depositIds) {
        arm(fake);
        rounds.faults++;
        expect((await post(calls.funding.processDeposit, { depositId: id })).status).toBe(200);
      }
      await settle();
      await freshSession();
      arm(fake);
      expect((await post(calls.funding.processWithdrawal, { withdrawalId: wd })).status).toBe(200);
      expect((await post(calls.funding.processTransfer, { transferId: tr })).status).toBe(200);
      expect(
        (
          await post(calls.accounts.processLeverageUpdate, {
            changeLeverageId: lev,
            status: 'approved',
          })
        ).status,
      ).toBe(200);
      rounds.faults += 1;
      await settle();
      fake.faults.clear();

      // Exactly once: each operation is one deal, and balances are what the approvals say.
      const dealsA = fake.ledger.deals(a);
      const dealsB = fake.ledger.deals(b);
      const comments = [...dealsA, ...dealsB].map((d) => d.comment);
      expect(new Set(comments).size).toBe(comments.length);
      expect(fake.ledger.account(a)!.balance).toBeCloseTo(100 + 250.5 + 49.5 - 80 - 120, 2);
      expect(fake.ledger.account(b)!.balance).toBeCloseTo(120, 2);
      expect(fake.ledger.account(b)!.leverage).toBe(400);
      const deps = await t.db
        .select()
        .from(deposits)
        .where(
          inArray(
            deposits.id,
            depositIds.map((d) => d.id),
          ),
        );
      expect(deps.every((d) => d.status === 'approved' && d.mtStatus === 'SUCCESS')).toBe(true);
      const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, wd));
      expect(w).toMatchObject({ status: 'approved', mtStatus: 'SUCCESS' });
      const [x] = await t.db.select().from(transfers).where(eq(transfers.id, tr));
      expect(x).toMatchObject({ sourceMtStatus: 'SUCCESS', destinationMtStatus: 'SUCCESS' });
      const [l] = await t.db.select().from(leverageChanges).where(eq(leverageChanges.id, lev));
      expect(l).toMatchObject({ status: 'approved', mtStatus: 'SUCCESS' });
      const reqs = await t.db
        .select()
        .from(subAccountRequests)
        .where(inArray(subAccountRequests.accountId, opened));
      expect(reqs.every((r) => r.status === 'approved')).toBe(true);
      const ops = await t.db.select().from(platformOperations);
      // Every operation of every run so far has settled successfully; none is stuck or failed.
      expect(ops.every((o) => o.state === 'succeeded')).toBe(true);
      const attempts = ops.reduce((n, o) => n + o.attempts, 0);
      console.log(
        `fault run "${name}": ${ops.length} operations so far, ${attempts} attempts, ${rounds.faults} faults armed, ` +
          `${dealsA.length + dealsB.length} deals on two accounts, ${fake.counters.balanceCalls} balance calls, ledger matches`,
      );
    });
  }
});
