import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { MenuCounters } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { leverageRequest, registration, requestRows, subAccountRequest, startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import {
  bankAccounts,
  deposits,
  ibRequests,
  leverageChanges,
  reconciliationAlerts,
  subAccountRequests,
  transfers,
  users,
  withdrawals,
} from '../../src/db/schema.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { newId } from '../../src/lib/ids.ts';
import { seedDemoData } from '../../../../tools/demo/seed.ts';

/**
 * The counters are kept by the database on every write (migration 0014). Each test makes one kind of
 * change the way some writer does it and compares the polled counters with a count from scratch, written
 * here as the lists count (not from the counters' own definitions), so a wrong predicate shows too.
 */
describe(`menu counters kept on every write (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('desk@counters.test'));
    // The demo seed is one of the writers: it fills every counted table.
    await seedDemoData(t.db, { clients: 60, seed: 7 });
    clientId = await t.createUser({ email: 'client@counters.test', role: 'USER', status: 'new' });
  });
  afterAll(() => t.stop());

  async function fromScratch(): Promise<MenuCounters> {
    const r = await t.db.execute(sql`
      select
        (select count(*) from users where status = 'new' and role in ('USER', 'PARTNER'))::int as "newClients",
        (select count(*) from ib_requests where status = 'pending')::int as "newIntroducerRequests",
        (select count(*) from deposits where status = 'pending')::int as "newDeposits",
        (select count(*) from withdrawals where status = 'pending'
           and (not provider_handled or provider_status = 'PROCESSED'))::int as "newWithdrawals",
        (select count(*) from transfers where status = 'pending')::int as "newTransfers",
        (select count(*) from bank_accounts where status = 'pending')::int as "newBankDetails",
        (select count(*) from sub_account_requests where status = 'pending')::int as "newSubAccounts",
        (select count(*) from leverage_changes where status = 'pending')::int as "newChangeLeverages",
        (select count(*) from reconciliation_alerts where acknowledged_at is null)::int as "criticalMismatches",
        (select count(*) from alerts where status = 'open')::int as "openAlerts"`);
    return rowsOf<MenuCounters>(r)[0]!;
  }

  async function polled(): Promise<MenuCounters> {
    const r = await t.call(calls.system.countNewRequests, {}, t.auth(token));
    expect(r.status).toBe(200);
    return r.body;
  }

  async function expectInStep(): Promise<MenuCounters> {
    const now = await fromScratch();
    expect(await polled()).toEqual(now);
    return now;
  }

  it('matches a count from scratch after the demo seed, with something in every counter', async () => {
    const now = await expectInStep();
    expect(now.newClients).toBeGreaterThan(0);
    expect(now.newDeposits).toBeGreaterThan(0);
  });

  it('follows clients: added, moved on from new, made staff, deleted', async () => {
    const before = await expectInStep();
    const ids = [newId(), newId(), newId()];
    await t.db.insert(users).values(
      ids.map((id, i) => ({
        id,
        role: 'USER',
        name: 'N',
        surname: 'S',
        email: `new${i}@counters.test`,
        status: 'new',
        timestamp: t.clock.now(),
      })),
    );
    expect((await expectInStep()).newClients).toBe(before.newClients + 3);
    await t.db.update(users).set({ status: 'pending' }).where(eq(users.id, ids[0]!));
    await t.setRole(ids[1]!, 'ADMIN');
    expect((await expectInStep()).newClients).toBe(before.newClients + 1);
    await t.db.delete(users).where(eq(users.id, ids[2]!));
    expect((await expectInStep()).newClients).toBe(before.newClients);
  });

  it('follows the API: a client registered by staff is counted once', async () => {
    const before = await expectInStep();
    const r = await t.call(
      calls.clients.registerUser,
      {
        body: registration({
          email: 'registered@counters.test',
          name: 'Reg',
          surname: 'Istered',
          address: 'Line one',
        }),
      },
      t.auth(token),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await expectInStep();
    const [added] = await t.db.select().from(users).where(eq(users.email, 'registered@counters.test'));
    expect(after.newClients).toBe(before.newClients + (added!.status === 'new' ? 1 : 0));
  });

  it('follows funding requests: deposits, withdrawals (provider ones once processed), transfers', async () => {
    const before = await expectInStep();
    const now = t.clock.now();
    const rows = requestRows(clientId, now);
    const deps = [rows.deposit('pending'), rows.deposit('pending'), rows.deposit('approved')];
    await t.db.insert(deposits).values(deps);
    expect((await expectInStep()).newDeposits).toBe(before.newDeposits + 2);
    await t.db.update(deposits).set({ status: 'approved' }).where(eq(deposits.id, deps[0]!.id));
    await t.db.update(deposits).set({ status: 'pending' }).where(eq(deposits.id, deps[2]!.id));
    expect((await expectInStep()).newDeposits).toBe(before.newDeposits + 2);

    const w = rows.withdrawal;
    const provider = newId();
    await t.db.insert(withdrawals).values([
      { ...w, id: newId() },
      { ...w, id: provider, providerHandled: true },
    ]);
    expect((await expectInStep()).newWithdrawals).toBe(before.newWithdrawals + 1);
    // The provider has processed it: now staff see it, and the counter with them.
    await t.db.update(withdrawals).set({ providerStatus: 'PROCESSED' }).where(eq(withdrawals.id, provider));
    expect((await expectInStep()).newWithdrawals).toBe(before.newWithdrawals + 2);
    await t.db.update(withdrawals).set({ status: 'approved' }).where(eq(withdrawals.id, provider));
    expect((await expectInStep()).newWithdrawals).toBe(before.newWithdrawals + 1);

    const transfer = rows.transfer;
    const tr = [newId(), newId()];
    await t.db.insert(transfers).values(tr.map((id) => ({ ...transfer, id })));
    await t.db.update(transfers).set({ status: 'rejected' }).where(inArray(transfers.id, tr));
    expect((await expectInStep()).newTransfers).toBe(before.newTransfers);
  });

  it('follows bank details, sub-accounts, leverage, IB requests and reconciliation alerts', async () => {
    const before = await expectInStep();
    const now = t.clock.now();
    const bank = newId();
    await t.db.insert(bankAccounts).values({ ...requestRows(clientId, now).bankAccount, id: bank });
    const sub = await subAccountRequest(t, clientId, {
      type: 'Standard',
      baseCurrency: 'USD',
      leverage: 100,
      timeCreated: now,
    });
    const lev = await leverageRequest(t, clientId, {
      accountNumber: 500001,
      oldLeverage: '1:100',
      newLeverage: '1:200',
      timestamp: now,
    });
    const ib = newId();
    await t.db.insert(ibRequests).values({ id: ib, userId: clientId, status: 'pending', timestamp: now });
    const grown = await expectInStep();
    expect(grown.newBankDetails).toBe(before.newBankDetails + 1);
    expect(grown.newSubAccounts).toBe(before.newSubAccounts + 1);
    expect(grown.newChangeLeverages).toBe(before.newChangeLeverages + 1);
    expect(grown.newIntroducerRequests).toBe(before.newIntroducerRequests + 1);

    await t.db.update(bankAccounts).set({ status: 'approved' }).where(eq(bankAccounts.id, bank));
    await t.db.update(subAccountRequests).set({ status: 'error' }).where(eq(subAccountRequests.id, sub));
    await t.db.delete(leverageChanges).where(eq(leverageChanges.id, lev));
    await t.db.update(ibRequests).set({ status: 'approved' }).where(eq(ibRequests.id, ib));
    expect(await expectInStep()).toEqual(before);

    const open = await t.db
      .select({ id: reconciliationAlerts.id })
      .from(reconciliationAlerts)
      .where(sql`${reconciliationAlerts.acknowledgedAt} is null`)
      .limit(1);
    if (open[0]) {
      await t.db
        .update(reconciliationAlerts)
        .set({ acknowledgedAt: now, acknowledgedBy: 'test' })
        .where(eq(reconciliationAlerts.id, open[0].id));
      expect((await expectInStep()).criticalMismatches).toBe(before.criticalMismatches - 1);
    }
  });

  it('keeps a rolled-back change out, and zeroes a truncated table', async () => {
    const before = await expectInStep();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(deposits).set({ status: 'pending' }).where(eq(deposits.status, 'approved'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await expectInStep()).toEqual(before);
    await t.db.execute(sql`truncate leverage_changes`);
    expect((await expectInStep()).newChangeLeverages).toBe(0);
  });

  it('moves many rows in one statement with one counter update each way', async () => {
    await t.db.update(deposits).set({ status: 'pending' }).where(eq(deposits.status, 'approved'));
    const many = await expectInStep();
    expect(many.newDeposits).toBeGreaterThan(2);
    await t.db.delete(deposits).where(eq(deposits.status, 'pending'));
    expect((await expectInStep()).newDeposits).toBe(0);
  });
});
