import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, MESSAGES, type CallBody } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import {
  leverageRequest,
  openLiveAccount,
  requestAccount,
  settle as settleAll,
  startDesk,
  subAccountRequest,
} from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { leverageChanges, subAccountRequests, tradingAccounts, users } from '../../src/db/schema.ts';

describe(`trading accounts, leverage and sub-accounts (${testDbKind})`, () => {
  let t: TestApp, token: string, clientId: string;
  beforeAll(async () => {
    ({ t, token, clientId } = await startDesk(
      { email: 'desk@accounts.test', name: 'Dana' },
      { client: { email: 'trader@accounts.test', name: 'Tess', status: 'new' } },
    ));
  });
  afterAll(() => t.stop());

  const settle = () => settleAll(t);
  /** A decision on a client's sub-account request, unchecked so the refused ones go through it too. */
  const decideRequest = (body: CallBody<typeof calls.accounts.updateSubAccountRequest>, who: string) =>
    t.unchecked(calls.accounts.updateSubAccountRequest, { body }, t.auth(who));
  const openLive = async (leverage = 100) => (await openLiveAccount(t, token, clientId, { leverage })).id;
  const request = (body: Parameters<typeof requestAccount>[3]) => requestAccount(t, token, clientId, body);
  /** An edit of the client's account, unchecked so the refused edits go through it too. */
  const update = (body: { accountId: string; leverage?: number; oldLeverage?: number; password?: string }) =>
    t.unchecked(calls.accounts.updateAccount, { body: { userId: clientId, ...body } }, t.auth(token));

  it('opens a live account for an approved client only, on the platform, once', async () => {
    const refused = await request({ accType: 'ECN', baseCurrency: 'EUR', leverage: 200 });
    expect(refused.status).toBe(409);
    await t.db.update(users).set({ status: 'approved' }).where(eq(users.id, clientId));
    const id = await openLive();
    const list = await t.call(
      calls.accounts.listClientAccounts,
      { params: { userId: clientId, type: 'live', approved: 'approved' } },
      t.auth(token),
    );
    const acc = list.body.find((a) => a._id === id)!;
    expect(acc).toMatchObject({ approved: true, live: true, leverage: 100 });
    expect(await t.platform.getAccount(acc.number)).toMatchObject({
      name: 'Tess Staff',
      leverage: 100,
      group: 'real\\standard-usd',
    });
    const [u] = await t.db.select().from(users).where(eq(users.id, clientId));
    expect(u!.firstAccountCreated).toBe(true);
    const [req] = await t.db.select().from(subAccountRequests).where(eq(subAccountRequests.accountId, id));
    expect(req).toMatchObject({ adminRequested: true, status: 'approved' });
  });

  it('opens a demo account funded with the chosen balance; balance is required for demo', async () => {
    const demo = { requestType: 'demo', accType: 'ECN', baseCurrency: 'EUR' } as const;
    const missing = await request({ ...demo, leverage: 200 });
    expect(missing.body).toMatchObject({ errors: { balance: 'Balance is required for a demo account.' } });
    const badLeverage = await request({ ...demo, leverage: 250, balance: 500 });
    expect(badLeverage.status).toBe(400);
    const r = await request({ ...demo, leverage: 200, balance: 5000 });
    await settle();
    const [acc] = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, r.body.accountId!));
    expect(acc).toMatchObject({ approved: true, live: false, balance: 5000 });
    expect((await t.platform.getAccount(acc!.number)).balance).toBe(5000);
  });

  it('changes leverage and password on the platform; refuses an edit that changes nothing', async () => {
    const id = await openLive();
    const [acc] = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id));
    const nothing = await update({ accountId: id, leverage: 100, oldLeverage: 100 });
    expect(nothing.status).toBe(400);
    const weak = await update({ accountId: id, password: 'short' });
    expect(weak.body).toHaveProperty('errors.password');
    const r = await update({ accountId: id, leverage: 500, oldLeverage: 100, password: 'Newpass123' });
    expect(r.body).toMatchObject({
      success: true,
      passwordChanged: true,
      leverageChangeRequested: true,
      accountId: id,
      message: MESSAGES.accountUpdated,
    });
    const pendingCheck = await t.call(
      calls.accounts.checkAccountPasswordChange,
      {
        body: {
          accountId: id,
        },
      },
      t.auth(token),
    );
    expect(pendingCheck.body.data.status).toBe('pending');
    await settle();
    const check = await t.call(
      calls.accounts.checkAccountPasswordChange,
      { body: { accountId: id } },
      t.auth(token),
    );
    expect(check.body).toEqual({ passwordChangeChecked: true, data: { status: 'approved' } });
    expect(await t.platform.checkPassword(acc!.number, 'main', 'Newpass123')).toBe(true);
    expect((await t.platform.getAccount(acc!.number)).leverage).toBe(500);
    const [after] = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id));
    expect(after!.leverage).toBe(500);
  });

  it('approves a leverage request once on the platform; reject needs a reason', async () => {
    const id = await openLive();
    const [acc] = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id));
    const lev = await leverageRequest(t, clientId, { accountNumber: acc!.number, newLeverage: '300' });
    const pending = await t.call(
      calls.accounts.listLeverageRequests,
      { params: { status: 'pending' }, query: {} },
      t.auth(token),
    );
    expect(pending.body.leverages.find((l) => l._id === lev)).toMatchObject({
      newLeverage: '1:300',
      oldLeverage: '1:100',
    });
    const noReason = await t.call(
      calls.accounts.processLeverageUpdate,
      {
        body: {
          changeLeverageId: lev,
          status: 'rejected',
        },
      },
      t.auth(token),
    );
    expect(noReason.body).toMatchObject({
      errors: { comment: MESSAGES.rejectWithoutReason('leverage change') },
    });
    // Approved twice: the second approval finds the request already decided.
    const approve = () =>
      t.call(
        calls.accounts.processLeverageUpdate,
        { body: { changeLeverageId: lev, status: 'approved' } },
        t.auth(token),
      );
    expect((await approve()).status).toBe(200);
    expect((await approve()).status).toBe(409);
    await settle();
    expect((await t.platform.getAccount(acc!.number)).leverage).toBe(300);
    const [row] = await t.db.select().from(leverageChanges).where(eq(leverageChanges.id, lev));
    expect(row).toMatchObject({ status: 'approved', mtStatus: 'SUCCESS' });
  });

  it("processes a client's sub-account request; staff-made requests cannot be changed", async () => {
    const id = await subAccountRequest(t, clientId);
    const list = await t.call(
      calls.accounts.listSubAccountRequests,
      { params: { live: 'all', status: 'pending' }, query: {} },
      t.auth(token),
    );
    expect(list.body.accounts.map((a) => a._id)).toContain(id);
    expect(list.body.users[clientId]).toBeDefined();
    const noReason = await decideRequest({ _id: id, status: 'rejected' }, token);
    expect(noReason.body).toMatchObject({ errors: { comment: MESSAGES.rejectWithoutReason('account') } });
    expect((await decideRequest({ _id: id, status: 'approved' }, token)).status).toBe(200);
    await settle();
    const [req] = await t.db.select().from(subAccountRequests).where(eq(subAccountRequests.id, id));
    const [acc] = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, req!.accountId!));
    expect(acc).toMatchObject({ approved: true, type: 'ECN', baseCurrency: 'GBP' });
    const [adminMade] = await t.db
      .select()
      .from(subAccountRequests)
      .where(eq(subAccountRequests.adminRequested, true))
      .limit(1);
    expect(
      (await decideRequest({ _id: adminMade!.id, status: 'rejected', comment: 'x' }, token)).status,
    ).toBe(403);
  });

  it('pages live and demo accounts with filters, and renames accounts after a type switch', async () => {
    const page = await t.call(
      calls.accounts.pageAccounts,
      {
        params: { all: 'all', type: 'live', approved: 'approved' },
        body: {
          page: 1,
          sizePerPage: 10,
          sortField: 'balance',
          sortOrder: 'desc',
          filters: { client: { filterType: 'TEXT', filterVal: 'tess' } },
        },
      },
      t.auth(token),
    );
    expect(page.status).toBe(200);
    expect(page.body.data.totalSize).toBeGreaterThanOrEqual(3);
    expect(page.body.data.users[clientId]).toBeDefined();
    const demo = await t.call(
      calls.accounts.pageAccounts,
      { params: { all: 'all', type: 'demo', approved: 'all' }, body: { page: 1, sizePerPage: 10 } },
      t.auth(token),
    );
    expect(demo.body.data.totalSize).toBe(1);
    expect(
      (
        await t.call(
          calls.accounts.pageAccounts,
          {
            params: { all: 'all', type: 'live', approved: 'approved' },
            body: {
              page: 1,
              sizePerPage: 10,
              sortField: 'password',
            },
          },
          t.auth(token),
        )
      ).status,
    ).toBe(400);

    await t.call(
      calls.clients.changeAccountType,
      {
        body: {
          changeTo: 'Corporate',
          userData: { _id: clientId },
        },
      },
      t.auth(token),
    );
    expect(
      (
        await t.call(
          calls.accounts.renameTradingAccounts,
          { body: { userData: { _id: clientId } } },
          t.auth(token),
        )
      ).status,
    ).toBe(200);
    await settle();
    const number = page.body.data.accounts[0]!.number;
    expect((await t.platform.getAccount(number)).name).toBe('Tess Staff (Corporate)');
  });
});
