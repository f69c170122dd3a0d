import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import type { TimelineResponse } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import {
  bankAccounts,
  clientLogs,
  deposits,
  kycDocuments,
  transfers,
  withdrawals,
} from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { eq } from 'drizzle-orm';
import { PDF, bankAccount, uploadFile } from '../banks/fixtures.ts';

/** The profile's client record: the activity timeline and the bank accounts with statements. */
describe(`client record: timeline and bank statements (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  let otherId: string;
  const start = Math.floor(Date.now() / 1000);
  beforeAll(async () => {
    ({ t, token } = await startDesk({ email: 'rita@record.test', name: 'Rita' }));
    clientId = await t.createUser({ email: 'client@record.test', role: 'USER', status: 'new' });
    otherId = await t.createUser({ email: 'other@record.test', role: 'USER', status: 'new' });
  });
  afterAll(() => t.stop());

  const timeline = (id: string, query = '') =>
    t.raw<TimelineResponse>(
      calls.clients.getTimeline,
      { params: { id }, query: Object.fromEntries(new URLSearchParams(query)) },
      t.auth(token),
    );

  it('merges logs, funding requests and staff actions newest first, without telling a change twice', async () => {
    const at = t.clock.now();
    /** The id and time of a row written `ago` seconds before now. */
    const stamp = (ago: number) => ({ id: newId(at - ago), timestamp: at - ago });
    await t.db.insert(deposits).values({
      ...stamp(300),
      userId: clientId,
      depositCurrency: 'USD',
      depositAmountSent: 250,
      depositPaymentName: 'Visa',
      accountNumber: 500123,
      status: 'pending',
    });
    await t.db.insert(withdrawals).values({
      ...stamp(200),
      userId: clientId,
      withdrawalCurrency: 'EUR',
      withdrawalAmount: 80.5,
      withdrawalType: 'wire',
      withdrawalPaymentName: 'Bank Transfer',
      accountNumber: 500123,
      status: 'incomplete',
    });
    await t.db.insert(transfers).values({
      ...stamp(100),
      userId: clientId,
      sourceAccount: 500123,
      destinationAccount: 500124,
      transferCurrency: 'USD',
      transferAmount: 10,
      status: 'approved',
    });
    // Someone else's request never shows.
    await t.db.insert(deposits).values({
      ...stamp(50),
      userId: otherId,
      depositCurrency: 'USD',
      depositAmountSent: 1,
      accountNumber: 1,
      status: 'pending',
    });
    t.clock.advance(10);
    const approved = await t.call(
      calls.clients.processUser,
      { body: { userId: clientId, status: 'approved', reason: '' } },
      t.auth(token),
    );
    expect(approved.status).toBe(200);

    const r = await timeline(clientId);
    expect(r.status).toBe(200);
    const kinds = r.body.entries.map((e) => e.kind);
    expect(kinds).toEqual(['log', 'transfer', 'withdrawal', 'deposit']);
    const [log, transfer, withdrawal, deposit] = r.body.entries;
    // The status change wrote a log line and an audit row in one go: it is told once, by the log.
    expect(log).toMatchObject({ title: expect.stringMatching(/approved/i), actor: 'Rita Staff' });
    expect(transfer).toMatchObject({
      title: 'Internal transfer from account 500123 to 500124',
      detail: '10.00 USD · Approved',
    });
    expect(withdrawal!.detail).toBe('80.50 EUR · Bank Transfer · Incomplete');
    expect(deposit).toMatchObject({ at: at - 300, detail: '250.00 USD · Visa · Pending', actor: 'Client' });
    expect(r.body.next).toBeNull();
    expect(JSON.stringify(r.body)).not.toContain(otherId);
  });

  it('shows a document opened by staff, and not the links merely handed out', async () => {
    await t.db.insert(kycDocuments).values({
      id: newId(),
      userId: clientId,
      kind: 'IDENTITY',
      idDocType: 'PASSPORT',
      uploaded: true,
      timestamp: t.clock.now(),
    });
    t.clock.advance(5);
    const docs = await t.call(calls.clients.listKycDocuments, { params: { id: clientId } }, t.auth(token));
    const before = (await timeline(clientId)).body.entries.length;
    t.clock.advance(5);
    const opened = await t.send('GET', docs.body.IDENTITY!.viewUrl.replace('http://console.test', ''));
    expect(opened.status).toBe(200);
    const r = await timeline(clientId);
    expect(r.body.entries.length).toBe(before + 1);
    expect(r.body.entries[0]).toMatchObject({
      kind: 'staff',
      title: 'Opened proof of identity',
      detail: 'Passport',
      actor: 'Rita Staff',
    });
  });

  it('pages exactly, even through many things in the same second', async () => {
    const at = t.clock.now() + 100;
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: newId(at),
      userId: clientId,
      timestamp: at,
      event: `Note ${i}`,
      actionedBy: '',
    }));
    await t.db.insert(clientLogs).values(rows);
    const all = (await timeline(clientId, '?limit=100')).body.entries;
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const r: Awaited<ReturnType<typeof timeline>> = await timeline(
        clientId,
        `?limit=3${next ? `&before=${encodeURIComponent(next)}` : ''}`,
      );
      expect(r.status).toBe(200);
      expect(r.body.entries.length).toBeLessThanOrEqual(3);
      seen.push(...r.body.entries.map((e) => `${e.kind}:${e.key}`));
      next = r.body.next;
    } while (next);
    expect(seen).toEqual(all.map((e) => `${e.kind}:${e.key}`));
    expect(new Set(seen).size).toBe(seen.length);
    expect(all.slice(0, 7).map((e) => e.at)).toEqual(Array(7).fill(at));
  });

  it('refuses a bad cursor or limit with 400 and an unknown client with 404', async () => {
    for (const q of ['?before=abc', '?before=1:nope:abc', '?limit=0', '?limit=101', '?limit=x', '?extra=1']) {
      const r = await timeline(clientId, q);
      expect(r.status, q).toBe(400);
      expect(r.body).toHaveProperty('errors');
    }
    expect((await timeline('0123456789abcdef01234567')).status).toBe(404);
  });

  it("lists the client's bank accounts with whether a statement is on file, without links", async () => {
    const up = await uploadFile(t, token, clientId, PDF, 'march.pdf');
    expect(up.status).toBe(200);
    const withFile = await bankAccount(t, clientId, { bankPoa: String(up.body.file), timestamp: start + 20 });
    const missing = await bankAccount(t, clientId, {
      bankPoa: `${clientId}-1-gone.pdf`,
      bankIban: 'DE89370400440532013000',
      bankAccountNumber: '',
      timestamp: start + 10,
    });
    await bankAccount(t, otherId);
    const r = await t.call(calls.banks.listClientBankAccounts, { params: { id: clientId } }, t.auth(token));
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      expect.objectContaining({
        _id: withFile,
        hasStatement: true,
        statementType: 'pdf',
        accountEnding: '5678',
      }),
      expect.objectContaining({
        _id: missing,
        hasStatement: false,
        statementType: '',
        accountEnding: '3000',
      }),
    ]);
    expect(JSON.stringify(r.body)).not.toContain(calls.banks.openStoredFile.path.replace(':file', ''));
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, withFile));
    expect(row?.userId).toBe(clientId);
    expect(
      (
        await t.call(
          calls.banks.listClientBankAccounts,
          { params: { id: '0123456789abcdef01234567' } },
          t.auth(token),
        )
      ).status,
    ).toBe(404);
  });
});
