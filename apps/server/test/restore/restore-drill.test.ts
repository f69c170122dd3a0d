import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import { platformOperations } from '../../src/db/schema.ts';
import { backupDatabase, restoreDatabase } from '../support/backup.ts';
import { testDbKind } from '../support/db.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { fundingFixtures } from '../funding/support.ts';

const DAY = 86_400;
const STAFF = { email: 'rosa@restore.test', password: 'Correct-Horse-1' };

/**
 * The restore drill of docs/operations.md: a backup is taken, requests are approved and credited on
 * MT5, the database is restored from the backup (pg_dump and pg_restore on PostgreSQL, the data
 * folder's dump on PGlite) and a server starts on it. Those requests are pending again while MT5 holds
 * their deals: approving them again, at once or days later, settles each with its original deal and
 * credits nothing twice; rejecting one is refused; reconciliation finds nothing wrong with them.
 */
describe(`restore from a backup taken before approvals (${testDbKind.split(',')[0]}, MT5 Web API fake)`, () => {
  let before: TestApp;
  let after: TestApp | undefined;
  let clientId: string;

  beforeAll(async () => {
    before = await startTestApp({ platform: 'mt5', alertRules: false });
    await before.createUser(STAFF);
    clientId = await before.createUser({ email: 'carl@restore.test', role: 'USER' });
  });
  afterAll(async () => {
    await after?.stop();
    await before.stop();
  });

  it('settles every request approved again with its original deal, once, and reconciles clean', async () => {
    const token = await before.signIn(STAFF.email, STAFF.password);
    const f = fundingFixtures(before, () => clientId);
    const [a, b] = [await f.account(), await f.account(1_000)];
    const deposits = [await f.deposit(a, 100), await f.deposit(a, 200), await f.deposit(b, 300)] as const;
    const withdrawals = [await f.withdrawal(b, 40), await f.withdrawal(b, 60)] as const;
    const transfer = await f.transfer(b, a, 25);
    before.clock.advance(60);

    const backup = await backupDatabase(before.database);

    // After the backup: everything approved and sent to MT5.
    for (const depositId of deposits)
      expect(
        (await before.call(calls.funding.processDeposit, { body: { depositId } }, before.auth(token))).status,
      ).toBe(200);
    for (const withdrawalId of withdrawals) {
      const r = await before.call(
        calls.funding.processWithdrawal,
        { body: { withdrawalId } },
        before.auth(token),
      );
      expect(r.status).toBe(200);
    }
    expect(
      (
        await before.call(
          calls.funding.processTransfer,
          { body: { transferId: transfer } },
          before.auth(token),
        )
      ).status,
    ).toBe(200);
    await f.settle();
    const fake = before.fake!;
    const dealOf = (comment: string) => fake.ledger.deals().filter((d) => d.comment === comment);
    const keys = [
      ...deposits.map((id) => `dep:${id}`),
      ...withdrawals.map((id) => `wd:${id}`),
      `trs:${transfer}`,
      `trd:${transfer}`,
    ];
    const original = new Map(keys.map((k) => [k, dealOf(k)]));
    for (const [k, deals] of original) expect(deals, k).toHaveLength(1);
    const balances = {
      a: (await fake.ledger.account(a))!.balance,
      b: (await fake.ledger.account(b))!.balance,
    };
    expect(balances).toEqual({ a: 100 + 200 + 25, b: 1_000 + 300 - 40 - 60 - 25 });

    // The restore, and a server started on it next to the same MT5.
    const restored = await restoreDatabase(backup);
    after = await startTestApp({ restart: { database: restored, after: before }, alertRules: false });
    const t = after;
    const token2 = await t.signIn(STAFF.email, STAFF.password);
    const g = fundingFixtures(t, () => clientId);
    expect((await g.depositRow(deposits[0]!)).status).toBe('pending');
    expect(await t.db.select().from(platformOperations)).toEqual([]);

    // A restored request whose deal MT5 holds cannot be rejected: the refusal names the deal.
    const refused = await t.refused(
      calls.funding.updateDeposit,
      {
        body: {
          deposit: { _id: deposits[0], status: 'rejected', comment: 'Duplicate', modifyDealAmount: false },
        },
      },
      t.auth(token2),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.server).toContain(`deal ${original.get(`dep:${deposits[0]}`)![0]!.deal}`);

    // At once, several together: two deposits, a withdrawal and the transfer.
    const atOnce = await Promise.all([
      t.call(calls.funding.processDeposit, { body: { depositId: deposits[0] } }, t.auth(token2)),
      t.call(calls.funding.processDeposit, { body: { depositId: deposits[1] } }, t.auth(token2)),
      t.call(calls.funding.processWithdrawal, { body: { withdrawalId: withdrawals[0] } }, t.auth(token2)),
      t.call(calls.funding.processTransfer, { body: { transferId: transfer } }, t.auth(token2)),
    ]);
    expect(atOnce.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await g.settle();
    const reapprovedAt = t.clock.now();

    // Days later, past any look-up margin (signed in again: the session lapsed meanwhile): the rest.
    t.clock.advance(10 * DAY);
    const token3 = await t.signIn(STAFF.email, STAFF.password);
    expect(
      (await t.call(calls.funding.processDeposit, { body: { depositId: deposits[2] } }, t.auth(token3)))
        .status,
    ).toBe(200);
    expect(
      (
        await t.call(
          calls.funding.processWithdrawal,
          { body: { withdrawalId: withdrawals[1] } },
          t.auth(token3),
        )
      ).status,
    ).toBe(200);
    await g.settle();

    // Each settled with its original deal; MT5 holds each key once and the balances did not move.
    for (const k of keys) {
      expect(dealOf(k), k).toEqual(original.get(k));
      const [op] = await t.db
        .select()
        .from(platformOperations)
        .where(eq(platformOperations.idempotencyKey, k));
      expect(op, k).toMatchObject({
        state: 'succeeded',
        result: { deal: String(original.get(k)![0]!.deal) },
      });
    }
    for (const id of deposits) expect((await g.depositRow(id)).mtStatus).toBe('SUCCESS');
    for (const id of withdrawals) expect((await g.withdrawalRow(id)).mtStatus).toBe('SUCCESS');
    expect(await g.transferRow(transfer)).toMatchObject({
      status: 'approved',
      sourceMtStatus: 'SUCCESS',
      destinationMtStatus: 'SUCCESS',
    });
    expect({ a: fake.ledger.account(a)!.balance, b: fake.ledger.account(b)!.balance }).toEqual(balances);

    // Reconciliation over the days of the approvals made again lists none of them.
    const report = await t.call(
      calls.reconciliation.runReconciliation,
      { body: { from: reapprovedAt - DAY, to: t.clock.now() } },
      t.auth(token3),
    );
    expect(report.status).toBe(200);
    const ours = new Set([...deposits, ...withdrawals, transfer]);
    expect(report.body.mismatches.filter((m) => m.requestId !== null && ours.has(m.requestId))).toEqual([]);
    expect(report.body).toMatchObject({ legsChecked: 7 });
  });
});
