import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, EXPORT_AUDIT_ACTION } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';

describe(`CSV export of a list with its filters and sort (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  const ROWS = 2_345; // more than two cursor batches
  beforeAll(async () => {
    ({ t, token } = await startDesk({ email: 'export@desk.test', name: 'Ezra' }));
    await t.db.execute(sql`
      insert into users (id, role, name, surname, email, status, country, timestamp)
      select lpad(to_hex(g), 24, '0'), 'USER', 'Client', 'S' || g, 'c' || g || '@export.test',
             case when g % 2 = 0 then 'approved' else 'new' end, 'GB', ${t.clock.now()} - g
      from generate_series(1, ${ROWS}) g`);
    // A name a spreadsheet would run as a formula, with a comma and a quote.
    await t.db.execute(sql`
      insert into users (id, role, name, surname, email, status, country, timestamp)
      values ('ffffffffffffffffffffffff', 'USER', '=HYPERLINK("x")', 'Smith, "Jr"', 'evil@export.test',
              'new', 'MT', ${t.clock.now()} + 10)`);
  }, 120_000);
  afterAll(() => t.stop());

  // Unchecked: unknown lists and sorts go through the same helper.
  const ask = (body: unknown) => t.unchecked(calls.exports.createExport, { body }, t.auth(token));
  const download = async (url: string) => {
    const res = await fetch(t.base + url);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      text: await res.text(),
    };
  };

  it('streams every row of the view in its order, not just a page, and audits the export', async () => {
    const link = await ask({
      list: 'users',
      params: { status: 'approved' },
      request: { page: 3, sizePerPage: 50, sortField: 'timestamp', sortOrder: 'asc', filters: {} },
    });
    expect(link.status).toBe(200);
    expect(link.body.filename).toMatch(/^clients-approved-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download(link.body.url);
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/csv');
    expect(file.disposition).toBe(`attachment; filename="${link.body.filename}"`);
    const lines = file.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"Id","Registered \(UTC\)","Name","Surname","Email",/);
    const approved = Math.floor(ROWS / 2);
    expect(lines).toHaveLength(approved + 1);
    // Oldest first: the largest even g registered earliest.
    const evenMax = approved * 2;
    expect(lines[1]).toContain(`c${evenMax}@export.test`);
    expect(lines.at(-1)).toContain('c2@export.test');

    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, EXPORT_AUDIT_ACTION), eq(auditLog.entity, 'export')));
    expect(row?.after).toMatchObject({ list: 'users', params: { status: 'approved' }, sortOrder: 'asc' });
  });

  it('applies the filters, and writes text so that no cell runs as a formula', async () => {
    const link = await ask({
      list: 'users',
      params: { status: 'all' },
      request: { filters: { email: { filterType: 'TEXT', filterVal: 'evil@' } } },
    });
    const lines = (await download(link.body.url)).text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=HYPERLINK(""x"")`);
    expect(lines[1]).toContain('"Smith, ""Jr"""');
    expect(lines[1]).toContain(',"Malta",');
  });

  it("refuses a bad view with the list call's own errors, before any link is made", async () => {
    const badSort = await ask({
      list: 'users',
      params: { status: 'all' },
      request: { sortField: 'passwordHash' },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ errors: { sortField: 'This column cannot be sorted.' } });
    const badList = await ask({ list: 'users', params: { status: 'nope' }, request: {} });
    expect(badList.status).toBe(400);
    expect((await ask({ list: 'secrets', request: {} })).status).toBe(400);
  });

  it('serves the file only through an unexpired, untampered link', async () => {
    const link = await ask({ list: 'users', params: { status: 'new' }, request: {} });
    expect((await download(link.body.url.replace('sig=', 'sig=x'))).status).toBe(403);
    const forged = link.body.url.replace(
      /t=[^&]+/,
      `t=${Buffer.from('{"list":"users","params":{"status":"all"},"request":{}}').toString('base64url')}`,
    );
    expect((await download(forged)).status).toBe(403);
    t.clock.advance(61);
    expect((await download(link.body.url)).status).toBe(403);
  });

  it('needs a signed-in staff member to ask for a link', async () => {
    expect((await t.call(calls.exports.createExport, { body: { list: 'users', request: {} } })).status).toBe(
      401,
    );
  });
});
