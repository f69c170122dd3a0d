import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { AUDIT_CSV_COLUMNS, calls, urlOf } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog } from '../../src/db/schema.ts';
import { audit } from '../../src/audit/audit.ts';
import { EXPORT_PAGE } from '../../src/features/audit/service.ts';
import { appendMany, parseCsv } from './support.ts';
import { verifyAuditChain } from '../../src/audit/verify.ts';

const BASE = 1_700_000_000;
const MANY = EXPORT_PAGE + 37;

describe(`audit CSV export (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let staffId: string;
  let tricky: string;
  let bulk: string;
  beforeAll(async () => {
    ({ t, token, staffId } = await startDesk({ email: 'csv@audit.test', name: 'Cass' }));
    tricky = await t.createUser({ email: 'tricky@audit.test', name: 'O"Brien, Pat' });
    bulk = await t.createUser({ email: 'bulk@audit.test', name: 'Bulk' });
    await audit(t.db, BASE, {
      actorId: tricky,
      action: 'client.edited',
      entity: 'user',
      entityId: '=HYPERLINK("http://evil.test")',
      before: { address: 'Flat 1, "The Oaks"\nHigh Street' },
      after: { address: 'a,b', note: 'line1\r\nline2' },
      ip: '198.51.100.7',
    });
    // More rows than one page of the export reads.
    await appendMany(
      t.db,
      Array.from({ length: MANY }, (_, i) => ({
        at: BASE + 100 + i,
        actorId: bulk,
        action: 'test.bulk',
        entity: 'thing',
        entityId: String(i),
      })),
    );
  });
  afterAll(() => t.stop());

  const download = (query: string) =>
    fetch(`${t.base}${urlOf(calls.audit.exportAudit)}?${query}`, { headers: t.auth(token) });

  it('streams CSV with a header, escaping commas, quotes and line breaks, and defusing formulas', async () => {
    const res = await download(`actorId=${tricky}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{8}-\d{6}\.csv"$/);
    const text = await res.text();
    const [header, row, ...rest] = parseCsv(text);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rest).toEqual([]);
    const cell = Object.fromEntries(header!.map((h, i) => [h, row![i]]));
    expect(cell).toMatchObject({
      at: String(BASE),
      atUtc: new Date(BASE * 1000).toISOString(),
      actorId: tricky,
      actorName: 'O"Brien, Pat Staff',
      action: 'client.edited',
      entity: 'user',
      entityId: `'=HYPERLINK("http://evil.test")`,
      ip: '198.51.100.7',
    });
    expect(JSON.parse(cell.before!)).toEqual({ address: 'Flat 1, "The Oaks"\nHigh Street' });
    expect(JSON.parse(cell.after!)).toEqual({ address: 'a,b', note: 'line1\r\nline2' });
    expect(cell.hash).toMatch(/^[0-9a-f]{64}$/);
    // The raw text: quotes doubled inside a quoted field.
    expect(text).toContain('"O""Brien, Pat Staff"');
  });

  it('reads past one page in order, either way, and honours the filters', async () => {
    const asc = parseCsv(await (await download(`actorId=${bulk}`)).text()).slice(1);
    expect(asc).toHaveLength(MANY);
    expect(asc.map((r) => r[7])).toEqual(Array.from({ length: MANY }, (_, i) => String(i)));
    const desc = parseCsv(await (await download(`actorId=${bulk}&sortOrder=desc`)).text()).slice(1);
    expect(desc.map((r) => r[0])).toEqual(asc.map((r) => r[0]).reverse());
    const range = parseCsv(
      await (await download(`action=test.bulk&from=${BASE + 110}&to=${BASE + 119}`)).text(),
    ).slice(1);
    expect(range.map((r) => r[7])).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('is itself audited, with who asked and which filters', async () => {
    await download(`entity=thing&userId=${bulk}&from=${BASE}`);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.exported'), eq(auditLog.actorId, staffId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      entity: 'audit_log',
      ip: '127.0.0.1',
      after: { filters: { entity: 'thing', userId: bulk, from: BASE }, sortOrder: 'asc' },
    });
  });

  it('answers 400 for bad or unknown parameters and 401 without a session', async () => {
    expect((await download('from=abc')).status).toBe(400);
    expect((await download(`from=${BASE + 1}&to=${BASE}`)).status).toBe(400);
    expect((await download('colour=red')).status).toBe(400);
    expect((await download('actorId=nope')).status).toBe(400);
    expect((await fetch(t.base + urlOf(calls.audit.exportAudit))).status).toBe(401);
  });
});
