import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCOUNT_GROUP_MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, tradingAccounts, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { parseFaults } from '../../src/integrations/platform/faults.ts';
import type { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';

/**
 * adminUpdateAccount with accountGroup: the account is moved on the platform first and only then
 * recorded. Runs on the simulator, and with TEST_PLATFORM=mt5 through the MT5 client and the fake server.
 */
describe(`moving a trading account to another group (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  const FROM = 'real\\standard-usd';
  const TO = 'real\\ecn-usd';

  beforeAll(async () => {
    // A short platform timeout so the lost-answer cases do not wait 10 s.
    t = await startTestApp({ platformTimeoutMs: 400 });
    await t.createUser({ email: 'desk@groups-move.test', password: 'Correct-Horse-1', name: 'Dana' });
    clientId = await t.createUser({ email: 'trader@groups-move.test', role: 'USER', name: 'Tess' });
    await t.db.update(users).set({ status: 'approved' }).where(eq(users.id, clientId));
    token = await t.signIn('desk@groups-move.test', 'Correct-Horse-1');
    for (const [groupId, groupStatus] of [
      [FROM, 'active'],
      [TO, 'active'],
      ['real\\mini-usd', 'disabled'],
    ] as const) {
      const r = await post('/api/admin/groups/addGroup', {
        groupId,
        groupName: groupId,
        groupStatus,
        copy: '',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(() => t.stop());
  beforeEach(() => clearFaults());

  function post<T = Record<string, unknown>>(url: string, body: unknown) {
    return t.call<T>('POST', url, body, t.auth(token));
  }
  const sim = () => t.platform as SimulatorPlatform;
  function clearFaults() {
    t.faults.clear();
  }
  /** The platform does not answer the group change (and does not apply it). */
  function timeOutNextMove() {
    if (t.platformKind === 'mt5') t.fake!.faults.timeout({ path: '/api/user/update' });
    else sim().setFaults(parseFaults('timeout=1'));
  }
  /** The platform applies the group change, but its answer never arrives. */
  function loseNextMoveReply() {
    if (t.platformKind === 'mt5') t.fake!.faults.applyButLoseReply({ path: '/api/user/update' });
    else sim().setFaults(parseFaults('lost=1'));
  }

  async function settle() {
    for (let i = 0; i < 30; i++) {
      if ((await t.worker.runOnce()).claimed === 0) {
        t.clock.advance(400);
        if ((await t.worker.runOnce()).claimed === 0) return;
      }
    }
  }
  async function openLive() {
    const r = await post<{ accountId: string }>('/api/admin/accounts/adminCreateSubAccount', {
      userId: clientId,
      requestType: 'live',
      accType: 'Standard',
      baseCurrency: 'USD',
      leverage: 100,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await settle();
    const [acc] = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, r.body.accountId));
    expect(acc).toMatchObject({ approved: true, accountGroup: FROM });
    return acc!;
  }
  const row = async (id: string) =>
    (await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)))[0]!;
  const moves = async (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'account.updated')));
  const move = (acc: { id: string }, accountGroup: string, extra: Record<string, unknown> = {}) =>
    post('/api/admin/accounts/adminUpdateAccount', {
      userId: clientId,
      accountId: acc.id,
      accountGroup,
      ...extra,
    });

  it('moves the account on the platform, then records the new group with an audit record', async () => {
    const acc = await openLive();
    const r = await move(acc, TO);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, accountId: acc.id });
    expect((await t.platform.getAccount(acc.number)).group).toBe(TO);
    expect(await row(acc.id)).toMatchObject({ accountGroup: TO, managerGroup: TO });
    const [entry] = await moves(acc.id);
    expect(entry).toMatchObject({
      before: { accountGroup: FROM },
      after: { accountGroup: TO },
    });
    // Moving it back works the same way; the same group again is "nothing has changed".
    expect((await move(acc, FROM)).status).toBe(200);
    expect((await t.platform.getAccount(acc.number)).group).toBe(FROM);
    const same = await move(acc, FROM);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ errors: { server: 'Nothing has changed.' } });
  });

  it('refuses an unknown or disabled group before the platform is asked', async () => {
    const acc = await openLive();
    const unknown = await move(acc, 'real\\no-such-group');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errors: { accountGroup: ACCOUNT_GROUP_MESSAGES.unknown } });
    const disabled = await move(acc, 'real\\mini-usd');
    expect(disabled.status).toBe(400);
    expect(disabled.body).toMatchObject({ errors: { accountGroup: ACCOUNT_GROUP_MESSAGES.disabled } });
    // A bad password in the same request refuses the whole request, the group included.
    const weak = await move(acc, TO, { password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body).toHaveProperty('errors.password');
    expect((await t.platform.getAccount(acc.number)).group).toBe(FROM);
    expect(await row(acc.id)).toMatchObject({ accountGroup: FROM });
    expect(await moves(acc.id)).toHaveLength(0);
  });

  it('refuses an unknown account, and one not yet open on the platform', async () => {
    const unknown = await post('/api/admin/accounts/adminUpdateAccount', {
      userId: clientId,
      accountId: newId(),
      accountGroup: TO,
    });
    expect(unknown.status).toBe(404);
    const acc = await openLive();
    const otherClient = await post('/api/admin/accounts/adminUpdateAccount', {
      userId: newId(),
      accountId: acc.id,
      accountGroup: TO,
    });
    expect(otherClient.status).toBe(404);
    // Opened, but the worker has not created it on the platform yet.
    const r = await post<{ accountId: string }>('/api/admin/accounts/adminCreateSubAccount', {
      userId: clientId,
      requestType: 'live',
      accType: 'Standard',
      baseCurrency: 'USD',
      leverage: 100,
    });
    const waiting = await post('/api/admin/accounts/adminUpdateAccount', {
      userId: clientId,
      accountId: r.body.accountId,
      accountGroup: TO,
    });
    expect(waiting.status).toBe(409);
    expect(await row(r.body.accountId)).toMatchObject({ accountGroup: FROM, approved: false });
    await settle();
  });

  it('keeps the database unchanged when the platform refuses the change', async () => {
    // An account the console holds as open, with a login the platform does not have.
    const id = newId();
    await t.db.insert(tradingAccounts).values({
      id,
      userId: clientId,
      number: 7_777_777,
      platform: 'MT5',
      live: true,
      approved: true,
      managerGroup: FROM,
      accountGroup: FROM,
      type: 'Standard',
      baseCurrency: 'USD',
      leverage: 100,
      balance: 0,
      equity: 0,
      timeCreated: t.clock.now(),
      adminId: '',
    });
    const r = await move({ id }, TO);
    expect(r.status).toBe(400);
    const errors = (r.body as { errors: { accountGroup: string } }).errors;
    expect(errors.accountGroup).toMatch(/^The platform refused the group change: .+/);
    expect(await row(id)).toMatchObject({ accountGroup: FROM, managerGroup: FROM });
    expect(await moves(id)).toHaveLength(0);
  });

  it('keeps the database unchanged when the platform is down or does not answer', async () => {
    const acc = await openLive();
    t.faults.down();
    const down = await move(acc, TO);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ errors: { server: ACCOUNT_GROUP_MESSAGES.unreachable } });
    clearFaults();

    timeOutNextMove();
    const late = await move(acc, TO, { leverage: 200 });
    expect(late.status).toBe(503);
    expect(late.body).toMatchObject({ errors: { server: ACCOUNT_GROUP_MESSAGES.unreachable } });
    clearFaults();
    // Nothing was applied or recorded: neither the group nor the leverage asked in the same request.
    expect(await t.platform.getAccount(acc.number)).toMatchObject({ group: FROM, leverage: 100 });
    expect(await row(acc.id)).toMatchObject({ accountGroup: FROM, leverage: 100 });
    expect(await moves(acc.id)).toHaveLength(0);
  });

  it('records the change when the platform applied it but its answer was lost', async () => {
    const acc = await openLive();
    loseNextMoveReply();
    const r = await move(acc, TO);
    clearFaults();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await t.platform.getAccount(acc.number)).group).toBe(TO);
    expect(await row(acc.id)).toMatchObject({ accountGroup: TO });
    expect(await moves(acc.id)).toHaveLength(1);
  });
});
