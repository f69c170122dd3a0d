import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { leverageChanges, subAccountRequests, tradingAccounts } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

type Clients = Record<string, { name: string; surname: string; email: string }>;
type Reply = Record<string, unknown> & { users: Clients; errors?: Record<string, string> };

/** One leverage change, sub-account request or trading account by id: what a deep link off the page loads. */
describe(`one leverage change, sub-account request or account by id (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let ann: string;
  const leverageId = newId();
  const subAccountId = newId();
  const accountId = newId();

  beforeAll(async () => {
    ({ t, token } = await startDesk('desk@get-one.test'));
    ann = await t.createUser({ email: 'ann@get-one.test', role: 'USER', name: 'Ann' });
    const now = t.clock.now();
    await t.db.insert(leverageChanges).values({
      id: leverageId,
      userId: ann,
      accountNumber: 700_100,
      accountType: 'ECN',
      oldLeverage: '100',
      newLeverage: '200',
      status: 'pending',
      comment: 'asked by phone',
      timestamp: now,
    });
    await t.db.insert(subAccountRequests).values({
      id: subAccountId,
      userId: ann,
      type: 'Standard',
      live: false,
      platform: 'MT5',
      baseCurrency: 'EUR',
      leverage: 300,
      balance: 5000,
      status: 'rejected',
      comment: 'duplicate',
      timeCreated: now,
      adminRequested: false,
    });
    await t.db.insert(tradingAccounts).values({
      id: accountId,
      userId: ann,
      number: 700_101,
      live: true,
      approved: true,
      accountGroup: 'real\\ecn',
      type: 'ECN',
      baseCurrency: 'USD',
      leverage: 100,
      balance: 250.5,
      timeCreated: now,
      timeApproved: now,
    });
  });
  afterAll(() => t.stop());

  const GET_ONE = {
    adminGetLeverageRequest: calls.accounts.getLeverageRequest,
    adminGetSubAccountRequest: calls.accounts.getSubAccountRequest,
    adminGetAccount: calls.accounts.getAccount,
  };
  /** `<call>/<id>`, as the list's deep link names one row. */
  const get = (path: string, headers: Record<string, string> = t.auth(token)) => {
    const [name, id] = path.split('/') as [keyof typeof GET_ONE, string];
    return t.raw<Reply>(GET_ONE[name], { params: { id } }, headers);
  };
  const ANN = { name: 'Ann', surname: 'Staff', email: 'ann@get-one.test' };
  /** Reads one row by its deep link: found, the row as the list shows it, and its client beside it. */
  async function expectOne(path: string, key: 'leverage' | 'account', row: Record<string, unknown>) {
    const reply = await get(path);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body[key]).toMatchObject(row);
    expect(reply.body.users).toEqual({ [ann]: ANN });
  }

  it('returns a leverage change as the list shows it, with its client', async () => {
    await expectOne(`adminGetLeverageRequest/${leverageId}`, 'leverage', {
      _id: leverageId,
      userId: ann,
      accountNumber: 700_100,
      oldLeverage: '1:100',
      newLeverage: '1:200',
      status: 'pending',
      comment: 'asked by phone',
    });
  });

  it('returns a sub-account request of any status, with its client', async () => {
    await expectOne(`adminGetSubAccountRequest/${subAccountId}`, 'account', {
      _id: subAccountId,
      userId: ann,
      live: false,
      baseCurrency: 'EUR',
      balance: 5000,
      status: 'rejected',
    });
  });

  it('returns a trading account with its client', async () => {
    await expectOne(`adminGetAccount/${accountId}`, 'account', {
      _id: accountId,
      userId: ann,
      number: 700_101,
      live: true,
      accountGroup: 'real\\ecn',
      balance: 250.5,
    });
  });

  it('is a clear 404 for an unknown id, or an id of another kind of row', async () => {
    const cases: [string, string][] = [
      [`adminGetLeverageRequest/${newId()}`, 'No such leverage change.'],
      [`adminGetLeverageRequest/${subAccountId}`, 'No such leverage change.'],
      [`adminGetSubAccountRequest/${newId()}`, 'No such sub account request.'],
      [`adminGetSubAccountRequest/${leverageId}`, 'No such sub account request.'],
      [`adminGetAccount/${newId()}`, 'No such trading account.'],
      [`adminGetAccount/${leverageId}`, 'No such trading account.'],
    ];
    for (const [path, message] of cases) {
      const reply = await get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.errors, path).toEqual({ server: message });
    }
  });

  it('is 400 for a malformed id', async () => {
    for (const path of [
      'adminGetLeverageRequest/not-an-id',
      'adminGetSubAccountRequest/123',
      `adminGetAccount/${accountId.toUpperCase()}`,
    ]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.errors, path).toBeDefined();
    }
  });

  it('is 401 without a token', async () => {
    expect((await get(`adminGetLeverageRequest/${leverageId}`, {})).status).toBe(401);
    expect((await get(`adminGetSubAccountRequest/${subAccountId}`, {})).status).toBe(401);
    expect((await get(`adminGetAccount/${accountId}`, {})).status).toBe(401);
  });
});
