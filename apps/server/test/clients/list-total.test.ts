import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, SEARCH_TOTAL_CAP, TOTAL_CAP, type Filter } from '@brokerdesk/contract';

import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';

type Filters = Record<string, Filter>;

describe(`the client list counts up to TOTAL_CAP rows (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('count@desk.test'));
    // TOTAL_CAP + 1 new clients.
    await t.db.execute(sql`
      insert into users (id, role, name, surname, email, status, timestamp)
      select lpad(to_hex(g), 24, '0'), 'USER', 'Client', 'N' || g, 'c' || g || '@count.test', 'new',
             ${t.clock.now()} - g
      from generate_series(1, ${TOTAL_CAP + 1}) g`);
  }, 120_000);
  afterAll(() => t.stop());

  const list = (filters: Filters = {}, page = 1) =>
    t.call(
      calls.clients.pageUsers,
      { params: { status: 'new' }, body: { page, sizePerPage: 50, filters } },
      t.auth(token),
    );

  it('says the total is capped past TOTAL_CAP, and still pages', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalSize: TOTAL_CAP, totalCapped: true });
    expect(r.body.clients).toHaveLength(50);
    const last = await list({}, TOTAL_CAP / 50 + 1);
    expect(last.body.clients.map((c) => c.email)).toEqual([`c${TOTAL_CAP + 1}@count.test`]);
  });

  it('counts exactly below the cap; under a substring search, up to SEARCH_TOTAL_CAP', async () => {
    const r = await list({ surname: { filterType: 'TEXT', filterVal: 'N1000' } });
    expect(r.body.totalSize).toBe(3); // N1000, N10000 and N10001
    expect(r.body.totalCapped).toBeUndefined();
    const all = await list({ surname: { filterType: 'TEXT', filterVal: 'N' } });
    expect(all.body).toMatchObject({ totalSize: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(all.body.clients).toHaveLength(50);
  });
});
