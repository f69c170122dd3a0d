import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import {
  calls,
  AUDIT_CLIENT_MATCHES,
  urlOf,
  type AuditRow,
  type AuditSearchResponse,
  type CallBody,
  type ErrorBody,
} from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { addClient } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { audit } from '../../src/audit/audit.ts';
import {
  auditLog,
  deposits,
  leverageChanges,
  tradingAccounts,
  transfers,
  withdrawals,
} from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

describe(`a readable audit trail: names, records and links; filters by them (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let nina: string;
  let omar: string;
  let ewa: string;
  let jan: string;
  let ewaNowak: string;
  let wd: string;
  let dep: string;
  let trf: string;
  let lev: string;
  let demo: string;

  const client = (name: string, surname: string, email: string) => addClient(t, name, surname, email);

  beforeAll(async () => {
    ({ t, token, staffId: nina } = await startDesk({ email: 'nina@readable.test', name: 'Nina' }));
    omar = await t.createUser({ email: 'omar@readable.test', name: 'Omar' });
    ewa = await client('Ewa', 'Janiak', 'ewa.janiak@mail.test');
    jan = await client('Jan', 'Kowalski', 'jan.k@mail.test');
    ewaNowak = await client('Ewa', 'Nowak', 'e.nowak@mail.test');
    const now = t.clock.now();
    wd = newId();
    dep = newId();
    trf = newId();
    lev = newId();
    demo = newId();
    await t.db.insert(withdrawals).values({
      id: wd,
      userId: ewa,
      withdrawalType: 'wire',
      withdrawalCurrency: 'EUR',
      withdrawalAmount: 2500,
      accountNumber: 500_001,
      timestamp: now,
      status: 'pending',
    });
    await t.db.insert(deposits).values({
      id: dep,
      userId: jan,
      depositCurrency: 'USD',
      depositAmountSent: 100,
      accountNumber: 500_002,
      timestamp: now,
      status: 'approved',
    });
    await t.db.insert(transfers).values({
      id: trf,
      userId: ewaNowak,
      sourceAccount: 500_003,
      destinationAccount: 500_004,
      transferCurrency: 'GBP',
      transferAmount: 1234.5,
      timestamp: now,
      status: 'rejected',
    });
    await t.db.insert(leverageChanges).values({
      id: lev,
      userId: jan,
      accountNumber: 500_002,
      accountType: 'Standard',
      oldLeverage: '1:100',
      newLeverage: '500',
      status: 'pending',
      timestamp: now,
    });
    await t.db.insert(tradingAccounts).values({
      id: demo,
      userId: ewa,
      number: 600_001,
      live: false,
      type: 'Standard',
      baseCurrency: 'EUR',
      leverage: 100,
      timeCreated: now,
    });
    const rows = [
      {
        action: 'withdrawal.rejected',
        entity: 'withdrawal',
        entityId: wd,
        after: { userId: ewa, status: 'rejected' },
      },
      // The platform's rows carry no client: the label and the client come from the request they serve.
      { action: 'platform.op.succeeded', entity: 'platform_operation', entityId: `wd:${wd}`, actorId: null },
      { action: 'platform.op.failed', entity: 'platform_operation', entityId: `wd:${wd}:1`, actorId: null },
      { action: 'deposit.approved', entity: 'deposit', entityId: dep, after: { userId: jan, amount: 100 } },
      { action: 'transfer.rejected', entity: 'transfer', entityId: trf, after: { userId: ewaNowak } },
      { action: 'leverage.approved', entity: 'leverage_change', entityId: lev, after: { userId: jan } },
      {
        action: 'platform.op.succeeded',
        entity: 'platform_operation',
        entityId: `lev:${lev}`,
        actorId: null,
      },
      { action: 'account.opened', entity: 'trading_account', entityId: demo, after: { userId: ewa } },
      { action: 'client.edited', entity: 'user', entityId: ewa, after: { city: 'Kraków' } },
      { action: 'session.ended', entity: 'session', entityId: 'a'.repeat(64), before: { userId: omar } },
      { action: 'group.added', entity: 'group', entityId: 'VIP 1' },
      {
        action: 'platform.op.succeeded',
        entity: 'platform_operation',
        entityId: `pwd:${newId()}`,
        actorId: null,
        after: { kind: 'password' },
      },
    ];
    for (const r of rows) await audit(t.db, now, { actorId: nina, ip: '192.0.2.7', ...r });
  });
  afterAll(() => t.stop());

  const search = (
    filters: CallBody<typeof calls.audit.searchAudit>['filters'],
    extra: Omit<CallBody<typeof calls.audit.searchAudit>, 'filters'> = {},
  ) => t.call(calls.audit.searchAudit, { body: { filters, ...extra } }, t.auth(token));
  const rowOf = (r: { body: AuditSearchResponse }, action: string, entityId?: string) =>
    r.body.rows.find((row) => row.action === action && (entityId === undefined || row.entityId === entityId));
  const readable = (row: AuditRow | undefined) =>
    row && {
      actorName: row.actorName,
      clientId: row.clientId,
      clientName: row.clientName,
      clientEmail: row.clientEmail,
      recordLabel: row.recordLabel,
      recordLink: row.recordLink,
      recordId: row.recordId,
    };

  /** How the audit trail names Ewa Janiak's withdrawal and its client. */
  const ewasWithdrawal = () => ({
    clientId: ewa,
    clientName: 'Ewa Janiak',
    clientEmail: 'ewa.janiak@mail.test',
    recordLabel: 'Withdrawal 2,500.00 EUR',
    recordLink: `/withdrawal-requests/pending?open=${wd}`,
    recordId: wd,
  });

  it("labels a request with its kind, amount and currency, names its client and links to its list's tab", async () => {
    const r = await search({ entity: 'withdrawal' });
    expect(r.status).toBe(200);
    expect(readable(r.body.rows[0])).toEqual({ actorName: 'Nina Staff', ...ewasWithdrawal() });
    const all = await search({}, { sizePerPage: 100 });
    expect(readable(rowOf(all, 'deposit.approved'))).toMatchObject({
      clientName: 'Jan Kowalski',
      recordLabel: 'Deposit 100.00 USD',
      recordLink: `/deposit-requests/historical?open=${dep}`,
    });
    expect(readable(rowOf(all, 'transfer.rejected'))).toMatchObject({
      clientName: 'Ewa Nowak',
      recordLabel: 'Transfer 1,234.50 GBP',
      recordLink: `/transfer-requests/rejected?open=${trf}`,
    });
    expect(readable(rowOf(all, 'leverage.approved'))).toMatchObject({
      recordLabel: 'Leverage 1:100 → 1:500, account 500002',
      recordLink: `/change-leverage-requests/pending?open=${lev}`,
    });
    expect(readable(rowOf(all, 'account.opened'))).toMatchObject({
      clientName: 'Ewa Janiak',
      recordLabel: 'Trading account 600001 (demo)',
      recordLink: `/trading-accounts?tab=demo&open=${demo}`,
    });
  });

  it("labels a platform operation with the request it serves, and names that request's client", async () => {
    const r = await search({ entity: 'platform_operation' }, { sortOrder: 'asc' });
    const [succeeded, failed, leverage, password] = r.body.rows;
    const served = { actorName: '', ...ewasWithdrawal() };
    expect(readable(succeeded)).toEqual(served);
    expect(readable(failed)).toEqual(served);
    expect(readable(leverage)).toMatchObject({ clientName: 'Jan Kowalski', recordId: lev });
    // A key that names no record (a password change has a fresh id): words, no link.
    expect(readable(password)).toMatchObject({
      clientId: null,
      recordLabel: 'Platform operation (password)',
      recordLink: null,
    });
  });

  it('names people and records that are not requests: a client profile, a staff sign-in, a session, a group', async () => {
    const all = await search({}, { sizePerPage: 100 });
    expect(readable(rowOf(all, 'client.edited'))).toMatchObject({
      clientId: ewa,
      clientName: 'Ewa Janiak',
      recordLabel: 'Client profile',
      recordLink: `/user/profile/${ewa}`,
    });
    // Staff are not clients: their sign-in and their session name them in the record.
    expect(readable(rowOf(all, 'sign-in', nina))).toMatchObject({
      actorName: 'Nina Staff',
      clientId: null,
      clientName: '',
      recordLabel: 'Staff member Nina Staff',
      recordLink: '/staff',
    });
    expect(readable(rowOf(all, 'session.ended'))).toMatchObject({
      clientId: null,
      recordLabel: 'Session of Omar Staff',
      recordLink: `/audit?f.actorId=${omar}`,
    });
    expect(readable(rowOf(all, 'group.added'))).toMatchObject({
      recordLabel: 'Group VIP 1',
      recordLink: '/manage-groups?open=VIP+1',
    });
  });

  it("filters by a client's name, surname or email, through at most AUDIT_CLIENT_MATCHES clients", async () => {
    const byName = await search({ client: 'Ewa Jan' });
    expect(byName.status).toBe(200);
    expect(byName.body.clientMatches).toEqual({
      clients: [{ id: ewa, name: 'Ewa Janiak', email: 'ewa.janiak@mail.test' }],
      more: false,
    });
    expect(byName.body.rows.map((row) => row.action).sort()).toEqual([
      'account.opened',
      'client.edited',
      'withdrawal.rejected',
    ]);
    expect(byName.body.totalSize).toBe(3);
    expect(byName.body.rows.every((row) => row.clientName === 'Ewa Janiak')).toBe(true);

    const bySurname = await search({ client: 'kowalski' });
    expect(bySurname.body.rows.map((row) => row.action).sort()).toEqual([
      'deposit.approved',
      'leverage.approved',
    ]);
    const byEmail = await search({ client: 'jan.k@mail' });
    expect(byEmail.body.clientMatches?.clients.map((c) => c.id)).toEqual([jan]);
    expect(byEmail.body.totalSize).toBe(2);
    // A first name two clients share: both, and each row says whose it is.
    const both = await search({ client: 'ewa' });
    expect(both.body.clientMatches?.clients.map((c) => c.name).sort()).toEqual(['Ewa Janiak', 'Ewa Nowak']);
    expect(new Set(both.body.rows.map((row) => row.clientName))).toEqual(
      new Set(['Ewa Janiak', 'Ewa Nowak']),
    );
    // Staff are not found by the client filter.
    const staff = await search({ client: 'Nina' });
    expect(staff.body).toEqual({ rows: [], totalSize: 0, clientMatches: { clients: [], more: false } });
  });

  it('says so when more clients match than the filter takes', async () => {
    for (let i = 0; i < AUDIT_CLIENT_MATCHES + 1; i++)
      await client('Zofia', `Many${String(i).padStart(2, '0')}`, `zofia${i}@mail.test`);
    const r = await search({ client: 'zofia' });
    expect(r.status).toBe(200);
    expect(r.body.clientMatches?.clients).toHaveLength(AUDIT_CLIENT_MATCHES);
    expect(r.body.clientMatches?.more).toBe(true);
  });

  it('filters by request kind, by a record id (its platform operations too), by staff member and by action', async () => {
    const kind = await search({ entity: 'deposit' });
    expect(kind.body.rows.map((row) => row.recordLabel)).toEqual(['Deposit 100.00 USD']);
    const record = await search({ recordId: wd }, { sortOrder: 'asc' });
    expect(record.body.rows.map((row) => [row.action, row.entityId])).toEqual([
      ['withdrawal.rejected', wd],
      ['platform.op.succeeded', `wd:${wd}`],
      ['platform.op.failed', `wd:${wd}:1`],
    ]);
    const byStaff = await search({ actorId: nina, client: 'Jan Kowalski' });
    expect(byStaff.body.rows.map((row) => row.action).sort()).toEqual([
      'deposit.approved',
      'leverage.approved',
    ]);
    expect((await search({ actorId: omar })).body.totalSize).toBe(0);
    const byAction = await search({ action: 'withdrawal.rejected', client: 'ewa' });
    expect(byAction.body.rows.map((row) => row.recordLabel)).toEqual(['Withdrawal 2,500.00 EUR']);
  });

  it('answers unknown or hostile filters with a clear 400, and the export takes the same filters', async () => {
    const refused = async (filters: unknown) => {
      const r = await t.raw<ErrorBody>(calls.audit.searchAudit, { body: { filters } }, t.auth(token));
      expect(r.status, JSON.stringify(filters)).toBe(400);
      return r.body.errors;
    };
    expect(await refused({ clientName: 'Ewa' })).toEqual({ clientName: 'Unknown field.' });
    expect(await refused({ client: 'e' })).toEqual({
      filters: 'Type at least 2 characters of a name or an email.',
    });
    expect((await refused({ client: "' or 1=1 --" })).filters).toMatch(/only letters, digits, spaces/);
    expect((await refused({ client: 'ewa%' })).filters).toMatch(/only letters, digits, spaces/);
    expect((await refused({ client: 'a'.repeat(101) })).filters).toMatch(/at most 100/);
    expect(await refused({ recordId: `wd:${wd}` })).toEqual({ filters: 'Invalid id.' });
    expect(await refused({ recordId: "1'; drop table audit_log; --" })).toEqual({ filters: 'Invalid id.' });
    expect(await refused({ client: 42 })).toHaveProperty('filters');

    const csv = (query: string) =>
      fetch(`${t.base}${urlOf(calls.audit.exportAudit)}?${query}`, { headers: t.auth(token) });
    const good = await csv(new URLSearchParams({ client: 'Ewa Janiak', recordId: wd }).toString());
    expect(good.status).toBe(200);
    const lines = (await good.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('withdrawal.rejected');
    expect((await csv('client=%3Cscript%3E')).status).toBe(400);
  });

  it('writes no name into the log: searching leaves every stored row and hash as it was', async () => {
    const stored = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const before = await stored();
    await search({ client: 'ewa' });
    await search({ recordId: wd });
    const after = await stored();
    // Searches are not audited, and no label or looked-up name is stored (the export above recorded
    // the filter text its staff member typed, nothing more).
    expect(after).toEqual(before);
    const text = JSON.stringify(after);
    for (const looked of ['2,500.00', 'ewa.janiak@', 'Session of', 'Client profile']) {
      expect(text).not.toContain(looked);
    }
  });
});
