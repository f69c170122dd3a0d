import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallBody } from '@brokerdesk/contract';
import { startTestApp, type TestApp, type BodyOnlyCall } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';
import { fundingDesk, type fundingFixtures } from './support.ts';

/**
 * A rejection stamps when it was rejected, never timeApproved: the approval column, the export and
 * reconciliation (which takes approved requests by timeApproved) read timeApproved as an approval.
 */
describe(`rejections stamp their own time (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let f: ReturnType<typeof fundingFixtures>;
  beforeAll(async () => {
    t = await startTestApp();
    ({ f, token } = await fundingDesk(t, 'times'));
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>) => t.post(def, body, t.auth(token));

  it('rejecting a withdrawal stamps timeRejected and leaves timeApproved empty', async () => {
    const login = await f.account(100);
    const id = await f.withdrawal(login, 30);
    t.clock.advance(7);
    const r = await post(calls.funding.updateWithdrawal, {
      withdrawal: { _id: id, status: 'rejected', comment: 'No such bank account' },
    });
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({
      status: 'rejected',
      timeApproved: null,
      timeRejected: t.clock.now(),
    });
    expect(await f.withdrawalRow(id)).toMatchObject({ timeApproved: null, timeRejected: t.clock.now() });
  });

  it('an approval stamps timeApproved only', async () => {
    const login = await f.account(100);
    const id = await f.withdrawal(login, 30);
    const r = await post(calls.funding.updateWithdrawal, {
      withdrawal: { _id: id, status: 'approved', comment: '' },
    });
    expect(r.body.request).toMatchObject({ timeApproved: t.clock.now(), timeRejected: null });
  });

  it('rejecting a withdrawal the platform refused stamps timeRejected; its approval time stays', async () => {
    const login = await f.account(10);
    const id = await f.withdrawal(login, 50);
    expect((await post(calls.funding.processWithdrawal, { withdrawalId: id })).status).toBe(200);
    const approvedAt = t.clock.now();
    await f.settle();
    expect(await f.withdrawalRow(id)).toMatchObject({ status: 'error', timeApproved: approvedAt });
    t.clock.advance(30);
    const r = await post(calls.funding.updateWithdrawal, {
      withdrawal: { _id: id, status: 'rejected', comment: 'Not enough money' },
    });
    expect(r.status).toBe(200);
    expect(await f.withdrawalRow(id)).toMatchObject({
      status: 'rejected',
      timeApproved: approvedAt,
      timeRejected: t.clock.now(),
    });
  });

  it('deposits and transfers already keep the rejection apart from the approval', async () => {
    const login = await f.account(100);
    const other = await f.account();
    const deposit = await f.deposit(login, 20);
    await post(calls.funding.updateDeposit, {
      deposit: { _id: deposit, status: 'rejected', comment: 'Unknown sender' },
    });
    expect(await f.depositRow(deposit)).toMatchObject({ timeApproved: null, timeRejected: t.clock.now() });
    const transfer = await f.transfer(login, other, 5);
    await post(calls.funding.updateTransfer, {
      transfer: { _id: transfer, status: 'rejected', comment: 'Not the client' },
    });
    expect((await f.transferRow(transfer)).times).toEqual({ rejected: t.clock.now() });
  });
});
