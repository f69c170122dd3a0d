import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, SEARCH_TOTAL_CAP, type Filter } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { deposits } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

/**
 * Under a substring filter a list counts its total only up to SEARCH_TOTAL_CAP ("1,000+"): a weak
 * substring matching a tenth of a million clients would otherwise count 10,000 matches for every page.
 * Other filters and no filter count on to TOTAL_CAP.
 */
describe(`totals under a substring filter (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  const ROWS = SEARCH_TOTAL_CAP + 5;

  beforeAll(async () => {
    ({ t, token } = await startDesk('desk@cap.test'));
    const client = await t.createUser({
      email: 'many@cap.test',
      role: 'USER',
      name: 'Meyer',
      status: 'approved',
    });
    const now = t.clock.now();
    await t.db.insert(deposits).values(
      Array.from({ length: ROWS }, (_, i) => ({
        id: newId(),
        userId: client,
        timestamp: now - i,
        depositCurrency: 'USD',
        depositAmountSent: 100 + i,
        accountNumber: 500100,
        status: 'pending',
      })),
    );
  });
  afterAll(() => t.stop());

  const list = async (filters: Record<string, Filter>) => {
    const r = await t.call(
      calls.funding.listFundingRequests,
      { body: { type: 'deposit', status: 'pending', page: 1, sizePerPage: 50, filters } },
      t.auth(token),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.transfers).toHaveLength(50);
    return { totalSize: r.body.data.totalSize, totalCapped: r.body.data.totalCapped ?? false };
  };

  it('stops at SEARCH_TOTAL_CAP for the client search, alone or beside another filter', async () => {
    expect(await list({ client: { filterType: 'TEXT', filterVal: 'meyer' } })).toEqual({
      totalSize: SEARCH_TOTAL_CAP,
      totalCapped: true,
    });
    expect(
      await list({
        accountNumber: { filterType: 'NUMBER', filterVal: '500100' },
        client: { filterType: 'TEXT', filterVal: 'many@' },
      }),
    ).toEqual({
      totalSize: SEARCH_TOTAL_CAP,
      totalCapped: true,
    });
  });

  it('counts every row without a substring filter', async () => {
    expect(await list({})).toEqual({ totalSize: ROWS, totalCapped: false });
    expect(await list({ accountNumber: { filterType: 'NUMBER', filterVal: '500100' } })).toEqual({
      totalSize: ROWS,
      totalCapped: false,
    });
  });
});
