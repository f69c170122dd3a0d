import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calls, ACCOUNT_GROUP_MESSAGES } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { openLiveAccount, requestAccount, settle as settleAll, startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, clientLogs, tradingAccounts, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { parseFaults } from '../../src/integrations/platform/faults.ts';
import type { SimulatorPlatform } from '../../src/integrations/platform/simulator.ts';
import { insertRow } from '../support/insert-row.ts';

/**
 * adminUpdateAccount with accountGroup: the change goes through the outbox like every platform write,
 * and the account shows its new group once the platform has made it. Runs on the simulator, and with TEST_PLATFORM=mt5 through the MT5 client and the fake server.
 */
describe(`moving a trading account to another group (${testDbKind})`, () => {
  let t: TestApp, token: string, clientId: string;
  const FROM = 'real\\standard-usd';
  const TO = 'real\\ecn-usd';

  beforeAll(async () => {
    // A short platform timeout so the lost-answer cases do not wait 10 s.
    ({ t, token, clientId } = await startDesk(
      { email: 'desk@groups-move.test', name: 'Dana' },
      { client: { email: 'trader@groups-move.test', name: 'Tess' }, app: { platformTimeoutMs: 400 } },
    ));
    await t.db.update(users).set({ status: 'approved' }).where(eq(users.id, clientId));
    for (const [groupId, groupStatus] of [
      [FROM, 'active'],
      [TO, 'active'],
      ['real\\mini-usd', 'disabled'],
    ] as const) {
      const r = await t.post(
        calls.groups.addGroup,
        { groupId, groupName: groupId, groupStatus, copy: '' },
        t.auth(token),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(() => t.stop());
  beforeEach(() => clearFaults());

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

  const settle = () => settleAll(t);
  async function openLive() {
    const acc = await openLiveAccount(t, token, clientId);
    expect(acc).toMatchObject({ approved: true, accountGroup: FROM });
    return acc;
  }
  const row = async (id: string) =>
    (await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)))[0]!;
  const moves = async (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'account.updated')));
  /** An account edit of the client's (or `userId`'s) account, unchecked so refused edits go through it. */
  type Edit = {
    userId?: string;
    accountId: string;
    accountGroup: string;
    password?: string;
    leverage?: number;
  };
  const update = (body: Edit) =>
    t.unchecked(calls.accounts.updateAccount, { body: { userId: clientId, ...body } }, t.auth(token));
  const move = (acc: { id: string }, accountGroup: string, extra: Partial<Edit> = {}) =>
    update({ accountId: acc.id, accountGroup, ...extra });

  it('moves the account through the outbox: recorded once MT5 made the change, with audit records', async () => {
    const acc = await openLive();
    const r = await move(acc, TO);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, accountId: acc.id, groupChangeRequested: true });
    // The route never calls the platform: until the worker runs, nothing has moved anywhere.
    expect((await t.platform.getAccount(acc.number)).group).toBe(FROM);
    expect(await row(acc.id)).toMatchObject({ accountGroup: FROM });
    await settle();
    expect((await t.platform.getAccount(acc.number)).group).toBe(TO);
    expect(await row(acc.id)).toMatchObject({ accountGroup: TO, managerGroup: TO });
    const [entry] = await moves(acc.id);
    expect(entry).toMatchObject({ before: { accountGroup: FROM }, after: { accountGroupRequested: TO } });
    const changed = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, acc.id), eq(auditLog.action, 'account.group.changed')));
    expect(changed).toMatchObject([{ before: { accountGroup: FROM }, after: { accountGroup: TO } }]);
    // Moving it back works the same way; the same group again is "nothing has changed".
    expect((await move(acc, FROM)).status).toBe(200);
    await settle();
    expect((await t.platform.getAccount(acc.number)).group).toBe(FROM);
    const same = await move(acc, FROM);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ errors: { server: 'Nothing has changed.' } });
  });

  it('refuses an unknown or disabled group before anything is queued', async () => {
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
    await settle();
    expect((await t.platform.getAccount(acc.number)).group).toBe(FROM);
    expect(await row(acc.id)).toMatchObject({ accountGroup: FROM });
    expect(await moves(acc.id)).toHaveLength(0);
  });

  it('refuses an unknown account, and one not yet open on the platform', async () => {
    const unknown = await update({ accountId: newId(), accountGroup: TO });
    expect(unknown.status).toBe(404);
    const acc = await openLive();
    const otherClient = await update({ userId: newId(), accountId: acc.id, accountGroup: TO });
    expect(otherClient.status).toBe(404);
    // Opened, but the worker has not created it on the platform yet.
    const r = await requestAccount(t, token, clientId);
    const waiting = await update({ accountId: r.body.accountId!, accountGroup: TO });
    expect(waiting.status).toBe(409);
    expect(await row(r.body.accountId!)).toMatchObject({ accountGroup: FROM, approved: false });
    await settle();
  });

  it('keeps the group and tells the client log when the platform refuses the change', async () => {
    // An account the console holds as open, with a login the platform does not have.
    const id = await insertRow(t.db, tradingAccounts, {
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
    expect(r.status).toBe(200);
    await settle();
    expect(await row(id)).toMatchObject({ accountGroup: FROM, managerGroup: FROM });
    const logs = await t.db.select().from(clientLogs).where(eq(clientLogs.userId, clientId));
    expect(logs.map((l) => l.event)).toContainEqual(
      expect.stringMatching(/^Account 7777777: The platform refused the group change: .+/),
    );
  });

  it('moves the account once the platform is back, and when its answer was lost', async () => {
    const acc = await openLive();
    t.faults.down();
    expect((await move(acc, TO)).status).toBe(200);
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await row(acc.id)).toMatchObject({ accountGroup: FROM });
    clearFaults();
    await settle();
    expect(await row(acc.id)).toMatchObject({ accountGroup: TO });

    const other = await openLive();
    loseNextMoveReply();
    expect((await move(other, TO)).status).toBe(200);
    await t.worker.runOnce();
    clearFaults();
    await settle();
    expect((await t.platform.getAccount(other.number)).group).toBe(TO);
    expect(await row(other.id)).toMatchObject({ accountGroup: TO });
  });

  it('a request that also changes the leverage queues both, in order, and the platform ends with both', async () => {
    const acc = await openLive();
    timeOutNextMove();
    expect((await move(acc, TO, { leverage: 200 })).status).toBe(200);
    clearFaults();
    await settle();
    expect(await t.platform.getAccount(acc.number)).toMatchObject({ group: TO, leverage: 200 });
    expect(await row(acc.id)).toMatchObject({ accountGroup: TO, leverage: 200 });
  });
});
