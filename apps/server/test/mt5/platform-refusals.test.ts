import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls } from '@brokerdesk/contract';
import { leverageChanges, platformOperations, tradingAccounts } from '../../src/db/schema.ts';
import { testDbKind } from '../support/db.ts';
import type { TestApp } from '../support/test-app.ts';
import { leverageRequest, openLiveAccount, settle as settleAll, startDesk } from '../support/desk.ts';

/**
 * MT5's user/update keeps a value it does not accept (a leverage the group does not allow) and still
 * answers 0 Done. Through the whole server: the change is a refusal staff can see ("MT5 kept leverage
 * 1:100"), never SUCCESS, and it can be retried or rejected.
 */
describe(`a change MT5 answers as done but keeps (${testDbKind.split(',')[0]}, MT5 Web API fake)`, () => {
  let t: TestApp, token: string, clientId: string;
  beforeAll(async () => {
    ({ t, token, clientId } = await startDesk('lena@refusals.test', {
      client: { email: 'tom@refusals.test', status: 'approved' },
      app: { platform: 'mt5' },
    }));
  });
  afterAll(() => t.stop());

  const decide = (body: { changeLeverageId: string; status: 'approved' }) =>
    t.post(calls.accounts.processLeverageUpdate, body, t.auth(token));
  const update = (account: {
    _id: string;
    status: 'approve_process' | 'retry' | 'rejected';
    comment: string;
  }) => t.post(calls.accounts.updateAccountLeverage, { account }, t.auth(token));
  const settle = () => settleAll(t);
  const liveAccount = () => openLiveAccount(t, token, clientId);
  const leverageChange = (login: number, to: number) =>
    leverageRequest(t, clientId, { accountNumber: login, newLeverage: String(to) });
  const change = async (id: string) =>
    (await t.db.select().from(leverageChanges).where(eq(leverageChanges.id, id)))[0]!;

  it('shows "MT5 kept leverage 1:100" instead of SUCCESS; a retry once the group allows it succeeds', async () => {
    const acc = await liveAccount();
    t.fake!.ledger.limitLeverage(t.fake!.ledger.account(acc.number)!.group, 200);
    const id = await leverageChange(acc.number, 300);
    const approve = await decide({
      changeLeverageId: id,
      status: 'approved',
    });
    expect(approve.status).toBe(200);
    await settle();
    expect(await change(id)).toMatchObject({ status: 'approved', mtStatus: 'MT5 kept leverage 1:100' });
    expect(t.fake!.ledger.account(acc.number)!.leverage).toBe(100);
    const [mirror] = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, acc.id));
    expect(mirror!.leverage).toBe(100);

    // Only a retry or a rejection is offered now.
    const approveAgain = await update({ _id: id, status: 'approve_process', comment: '' });
    expect(approveAgain.status).toBe(409);
    t.fake!.ledger.limitLeverage(t.fake!.ledger.account(acc.number)!.group, 500);
    const retry = await update({ _id: id, status: 'retry', comment: 'Group now allows 1:300' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await settle();
    expect(await change(id)).toMatchObject({ status: 'approved', mtStatus: 'SUCCESS' });
    expect(t.fake!.ledger.account(acc.number)!.leverage).toBe(300);
    const ops = await t.db
      .select()
      .from(platformOperations)
      .where(eq(platformOperations.baseKey, `lev:${id}`));
    expect(ops.map((o) => [o.idempotencyKey, o.state]).sort()).toEqual([
      [`lev:${id}`, 'failed'],
      [`lev:${id}:1`, 'succeeded'],
    ]);
  });

  it('a refused change can be rejected instead, and nothing changes on MT5', async () => {
    const acc = await liveAccount();
    t.fake!.ledger.limitLeverage(t.fake!.ledger.account(acc.number)!.group, 200);
    const id = await leverageChange(acc.number, 400);
    await decide({
      changeLeverageId: id,
      status: 'approved',
    });
    await settle();
    expect((await change(id)).mtStatus).toBe('MT5 kept leverage 1:100');
    const reject = await update({ _id: id, status: 'rejected', comment: 'The group caps leverage at 1:200' });
    expect(reject.status).toBe(200);
    expect(await change(id)).toMatchObject({ status: 'rejected', mtStatus: '' });
    expect(t.fake!.ledger.account(acc.number)!.leverage).toBe(100);
    // A retry of what is now rejected is refused.
    const late = await update({ _id: id, status: 'retry', comment: '' });
    expect(late.status).toBe(409);
  });
});
