import type { ReconciliationMismatch, ReconciliationReportDetail } from '@brokerdesk/contract';
import { calls } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { deposits, tradingAccounts, transfers, withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { insertRow } from '../support/insert-row.ts';

/**
 * Seeding for reconciliation tests, through the real parts where it matters: requests approved over
 * HTTP and settled by the operations worker on the test platform (simulator or MT5 fake); rows in the
 * state a past approval left them when a test needs a deal that is missing, extra or of another amount.
 */
export function seeder(t: TestApp, token: string | (() => string), clientId: string) {
  let nextLogin = 700_000;
  // A getter lets a test that moves the clock by days sign in again.
  const current = typeof token === 'string' ? () => token : token;

  /** Runs worker rounds until nothing is due (no faults are set, so nothing backs off). */
  async function settle() {
    for (let i = 0; i < 50; i++) if ((await t.worker.runOnce()).claimed === 0) return;
    throw new Error('operations did not settle');
  }

  return {
    settle,
    /**
     * A live, approved account on the platform and in the console, with an opening balance, in the same
     * group on both (the console's group '' leaves it to be read by its login).
     */
    async account(balance = 0, group = 'real') {
      const login = nextLogin++;
      await t.platform.createAccount({
        login,
        name: 'Recon Client',
        group: group || 'real',
        leverage: 100,
        passwordMain: 'Main1234',
        passwordInvestor: 'Invest12',
      });
      if (balance) await t.platform.balance(login, balance, `open:${login}`);
      await t.db.insert(tradingAccounts).values({
        id: newId(),
        userId: clientId,
        number: login,
        live: true,
        approved: true,
        accountGroup: group,
        managerGroup: group,
        type: 'Standard',
        baseCurrency: 'USD',
        leverage: 100,
        timeCreated: t.clock.now(),
      });
      return login;
    },
    /** A deposit, pending, or as an earlier approval left it (approved, MTStatus SUCCESS). */
    async deposit(login: number, amount: number, state: 'pending' | 'done' | 'rejected' = 'pending') {
      return insertRow(t.db, deposits, {
        userId: clientId,
        timestamp: t.clock.now(),
        depositCurrency: 'USD',
        depositAmountSent: amount,
        accountNumber: login,
        status: state === 'done' ? 'approved' : state,
        ...(state === 'done' ? { mtStatus: 'SUCCESS', timeApproved: t.clock.now() } : {}),
        ...(state === 'rejected' ? { timeRejected: t.clock.now(), comment: 'Duplicate' } : {}),
      });
    },
    async withdrawal(login: number, amount: number, state: 'pending' | 'done' = 'pending') {
      return insertRow(t.db, withdrawals, {
        userId: clientId,
        withdrawalType: 'wire',
        withdrawalCurrency: 'USD',
        withdrawalAmount: amount,
        accountNumber: login,
        timestamp: t.clock.now(),
        status: state === 'done' ? 'approved' : 'pending',
        ...(state === 'done' ? { mtStatus: 'SUCCESS', timeApproved: t.clock.now() } : {}),
      });
    },
    async transfer(
      source: number,
      destination: number,
      amount: number,
      state: 'pending' | 'done' = 'pending',
    ) {
      const done = state === 'done';
      return insertRow(t.db, transfers, {
        userId: clientId,
        sourceAccount: source,
        destinationAccount: destination,
        transferCurrency: 'USD',
        transferAmount: amount,
        timestamp: t.clock.now(),
        status: done ? 'approved' : 'pending',
        ...(done
          ? { sourceMtStatus: 'SUCCESS', destinationMtStatus: 'SUCCESS', times: { approved: t.clock.now() } }
          : {}),
      });
    },
    /** Approve & process through the API, then (unless told not to) let the worker run it. */
    async approve(kind: 'deposit' | 'withdrawal' | 'transfer', id: string, o = { settle: true }) {
      const [def, field] = (
        {
          deposit: [calls.funding.processDeposit, 'depositId'],
          withdrawal: [calls.funding.processWithdrawal, 'withdrawalId'],
          transfer: [calls.funding.processTransfer, 'transferId'],
        } as const
      )[kind];
      const r = await t.raw(def, { body: { [field]: id } }, t.auth(current()));
      if (r.status !== 200) throw new Error(`${def.path} ${r.status}: ${JSON.stringify(r.body)}`);
      if (o.settle) await settle();
    },
  };
}

/** A mismatch reduced to what identifies it, for comparing sets. */
export const brief = (m: ReconciliationMismatch) => ({
  kind: m.kind,
  login: m.login,
  requestId: m.requestId,
  leg: m.leg,
  expectedAmount: m.expectedAmount,
  dealAmount: m.dealAmount,
});

export const briefs = (r: { body: ReconciliationReportDetail }) =>
  r.body.mismatches.map(brief).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
