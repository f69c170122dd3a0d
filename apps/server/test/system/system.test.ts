import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import type { TestApp, NoInputCall } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { requestRows } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { bankAccounts, deposits, ibRequests, transfers, withdrawals } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { PlatformChecker } from '../../src/integrations/platform/checker.ts';

const silent = { warn: () => undefined };

describe(`counters, new-deposit notices and platform lights (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('desk@sys.test'));
    clientId = await t.createUser({ email: 'client@sys.test', role: 'USER', status: 'new' });
    await t.createUser({ email: 'client2@sys.test', role: 'USER', status: 'approved' });
  });
  afterAll(() => t.stop());

  const get = <D extends NoInputCall>(def: D) => t.get(def, t.auth(token));
  const deposit = (status: string, timestamp = t.clock.now()) =>
    requestRows(clientId, timestamp).deposit(status);

  it('counts new requests of every kind', async () => {
    const now = t.clock.now();
    await t.db.insert(deposits).values([deposit('pending'), deposit('pending'), deposit('approved')]);
    const rows = requestRows(clientId, now);
    await t.db.insert(withdrawals).values([
      { ...rows.withdrawal, id: newId() },
      // Provider withdrawals stay out of the pending list until the provider has processed them.
      { ...rows.withdrawal, id: newId(), providerHandled: true },
    ]);
    await t.db.insert(transfers).values({ ...rows.transfer, id: newId() });
    await t.db.insert(bankAccounts).values({ ...rows.bankAccount, id: newId() });
    await t.db
      .insert(ibRequests)
      .values({ id: newId(), userId: clientId, status: 'pending', timestamp: now });

    const r = await get(calls.system.countNewRequests);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      newClients: 1,
      newIntroducerRequests: 1,
      newDeposits: 2,
      newWithdrawals: 1,
      newTransfers: 1,
      newBankDetails: 1,
      newSubAccounts: 0,
      newChangeLeverages: 0,
      criticalMismatches: 0,
      openAlerts: 0,
    });
  });

  it('notifies once per new deposit after sign-in', async () => {
    const fresh = await t.signIn('desk@sys.test', 'Correct-Horse-1');
    const check = () => t.call(calls.system.checkNewDeposits, {}, t.auth(fresh));
    expect((await check()).body).toEqual({ notify: false });
    t.clock.advance(5);
    await t.db.insert(deposits).values(deposit('pending'));
    expect((await check()).body).toEqual({ notify: true });
    expect((await check()).body).toEqual({ notify: false });
    t.clock.advance(5);
    await t.db.insert(deposits).values(deposit('approved'));
    expect((await check()).body).toEqual({ notify: false });
  });

  it('shows each platform light from the checker, green with the last working time, then red', async () => {
    const before = await get(calls.system.listPlatformStatuses);
    expect(before.body).toEqual([{ platform: 'MT5', status: 'Not checked yet', lastWorking: null }]);

    const checker = new PlatformChecker(t.db, [t.platform], t.clock, silent);
    await checker.checkOnce();
    const workedAt = t.clock.now();
    expect((await get(calls.system.listPlatformStatuses)).body).toEqual([
      { platform: 'MT5', status: 'OK', lastWorking: workedAt },
    ]);

    t.faults.down();
    t.clock.advance(30);
    await checker.checkOnce();
    const down = (await get(calls.system.listPlatformStatuses)).body;
    expect(down).toHaveLength(1);
    expect(down[0]).toMatchObject({ platform: 'MT5', lastWorking: workedAt });
    expect(down[0]!.status).not.toBe('OK');
    if (t.platformKind === 'simulator') expect(down[0]!.status).toBe('Platform unreachable');
    t.faults.clear();
  });

  it('hides the development outbox when real mail is configured', async () => {
    expect((await t.raw(calls.system.getServerInfo)).body).toMatchObject({ devOutbox: false });
    expect((await t.raw(calls.system.getDevOutbox)).status).toBe(404);
  });
});
