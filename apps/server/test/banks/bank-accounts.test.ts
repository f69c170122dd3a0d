import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import {
  calls,
  BANK_LIST_CAP,
  MESSAGES,
  TOTAL_CAP,
  type BankAccountsPageResponse,
} from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, bankAccounts, clientLogs, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { bankAccount, PDF, UK_BANK, uploadFile } from './fixtures.ts';
import { insertRow } from '../support/insert-row.ts';

/** The Bank modal's body for a UK account; tests change what they need. */
const ukBody = (id: string, over: Record<string, unknown> = {}) => ({
  _id: id,
  ...UK_BANK,
  status: 'approved',
  comment: '',
  ...over,
});
const ibanBody = (id: string, over: Record<string, unknown> = {}) =>
  ukBody(id, {
    bankName: 'Deutsche Bank',
    bankAddress: 'Taunusanlage 12, Frankfurt',
    bankCountry: 'DE',
    bankAccountCurrency: 'EUR',
    bankAccountNumber: '',
    bankSortCode: '',
    bankIBAN: 'DE89 3704 0044 0532 0130 00',
    bankSwift: 'deutdeff',
    ...over,
  });

describe(`bank verification (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  let otherClient: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk({ email: 'banks@desk.test', name: 'Bea' }));
    clientId = await t.createUser({ email: 'bank.owner@client.test', role: 'USER', name: 'Owen' });
    otherClient = await t.createUser({ email: 'someone.else@client.test', role: 'USER' });
  });
  afterAll(() => t.stop());

  // Unchecked: the same helper sends the edits the server must refuse.
  const update = (body: unknown) => t.unchecked(calls.banks.updateBankAccount, { body }, t.auth(token));
  const details = (id: string) => t.call(calls.banks.getBankAccount, { params: { id } }, t.auth(token));
  const row = async (id: string) =>
    (await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, id)))[0]!;

  it('lists the three status groups newest first, each capped, with the clients they belong to', async () => {
    const old = await bankAccount(t, clientId, { timestamp: t.clock.now() - 100 });
    const fresh = await bankAccount(t, otherClient, { timestamp: t.clock.now() });
    const approved = await bankAccount(t, clientId, { status: 'approved' });
    const rejected = await bankAccount(t, clientId, { status: 'rejected', comment: 'Blurred statement' });
    const r = await t.call(calls.banks.listBankAccounts, {}, t.auth(token));
    expect(r.status).toBe(200);
    expect(r.body.bankAccounts.pending.map((b) => b._id)).toEqual([fresh, old]);
    expect(r.body.bankAccounts.approved.map((b) => b._id)).toEqual([approved]);
    expect(r.body.bankAccounts.rejected[0]).toMatchObject({ _id: rejected, comment: 'Blurred statement' });
    expect(r.body.bankAccounts.pending[0]).toMatchObject({
      bankIBAN: '',
      bankPOA: '',
      bankAccountCurrency: 'GBP',
    });
    expect(r.body.users[clientId]).toEqual({
      name: 'Owen',
      surname: 'Staff',
      email: 'bank.owner@client.test',
    });
    expect(Object.keys(r.body.users).sort()).toEqual([clientId, otherClient].sort());

    const many = Array.from({ length: BANK_LIST_CAP + 1 }, (_, i) => ({
      id: newId(),
      userId: clientId,
      bankName: `Bank ${i}`,
      bankCountry: 'GB',
      bankAccountCurrency: 'GBP',
      status: 'approved',
      timestamp: t.clock.now() - 10_000 - i,
    }));
    await t.db.insert(bankAccounts).values(many);
    const capped = await t.call(calls.banks.listBankAccounts, {}, t.auth(token));
    expect(capped.body.bankAccounts.approved).toHaveLength(BANK_LIST_CAP);
    expect(capped.body.bankAccounts.approved[0]!._id).toBe(approved);
  });

  it('approves a UK account, normalising the codes, with a client log line and an audit record', async () => {
    const id = await bankAccount(t, clientId);
    const r = await update(
      ukBody(id, { bankAccountNumber: '1234 5678', bankSortCode: '200000', comment: 'Checked' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Bank details updated.' });
    expect(r.body.bankAccount).toMatchObject({
      _id: id,
      status: 'approved',
      bankAccountNumber: '12345678',
      bankSortCode: '20-00-00',
      bankIBAN: '',
      comment: 'Checked',
    });
    const logs = await t.db.select().from(clientLogs).where(eq(clientLogs.userId, clientId));
    expect(logs.map((l) => l.event)).toContain('Bank account Barclays set to approved: Checked');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'bank-account.approved',
      before: expect.objectContaining({ status: 'pending' }),
    });
  });

  it('switches to the IBAN layout with the country, clearing the UK fields', async () => {
    const id = await bankAccount(t, clientId);
    const r = await update(ibanBody(id));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await row(id)).toMatchObject({
      bankCountry: 'DE',
      bankIban: 'DE89370400440532013000',
      bankSwift: 'DEUTDEFF',
      bankAccountNumber: '',
      bankSortCode: '',
      bankAccountCurrency: 'EUR',
    });
    // Outside the IBAN registry the field holds the local account number.
    const us = await update(
      ibanBody(id, { bankCountry: 'US', bankIBAN: '000123456789', bankSwift: 'CHASUS33XXX' }),
    );
    expect(us.status, JSON.stringify(us.body)).toBe(200);
    expect(us.body.bankAccount).toMatchObject({ bankIBAN: '000123456789', bankSwift: 'CHASUS33XXX' });
  });

  it('enforces the Bank modal rules with field errors', async () => {
    const id = await bankAccount(t, clientId);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [ukBody(id, { bankName: ' ' }), { bankName: 'Bank name is required.' }],
      [ukBody(id, { bankAddress: '' }), { bankAddress: 'Bank address is required.' }],
      [ukBody(id, { bankCountry: '' }), { bankCountry: 'Country is required.' }],
      [ukBody(id, { bankCountry: 'XX' }), { bankCountry: 'Country is required.' }],
      [ukBody(id, { bankAccountNumber: '' }), { bankAccountNumber: 'Account number is required.' }],
      [
        ukBody(id, { bankAccountNumber: '1234567' }),
        { bankAccountNumber: 'Account number must be 8 digits.' },
      ],
      [
        ukBody(id, { bankAccountNumber: '1234567a' }),
        { bankAccountNumber: 'Account number must be 8 digits.' },
      ],
      [ukBody(id, { bankSortCode: '' }), { bankSortCode: 'Sort code is required.' }],
      [ukBody(id, { bankSortCode: '20-00-0' }), { bankSortCode: 'Sort code must be 6 digits.' }],
      [ibanBody(id, { bankIBAN: '' }), { bankIBAN: 'IBAN is required.' }],
      [ibanBody(id, { bankIBAN: 'DE89370400440532013001' }), { bankIBAN: 'IBAN is invalid.' }],
      [ibanBody(id, { bankIBAN: 'DE8937040044053201300' }), { bankIBAN: 'IBAN is invalid.' }],
      [
        ibanBody(id, { bankCountry: 'US', bankIBAN: 'GB29NWBK60161331926818' }),
        { bankIBAN: 'IBAN is invalid.' },
      ],
      [ibanBody(id, { bankCountry: 'US', bankIBAN: '12#4' }), { bankIBAN: 'Account number is invalid.' }],
      [ibanBody(id, { bankSwift: '' }), { bankSwift: 'SWIFT is required.' }],
      [ibanBody(id, { bankSwift: 'DEUTDEF' }), { bankSwift: 'SWIFT must be 8 or 11 letters and digits.' }],
      [ibanBody(id, { bankSwift: 'DEUTDEFF5' }), { bankSwift: 'SWIFT must be 8 or 11 letters and digits.' }],
      [
        ukBody(id, { status: 'rejected', comment: '  ' }),
        { comment: MESSAGES.rejectWithoutReason('account') },
      ],
      [ukBody(id, { status: 'declined' }), { status: expect.any(String) as unknown as string }],
      [
        ukBody(id, { bankAccountCurrency: 'JPY' }),
        { bankAccountCurrency: expect.any(String) as unknown as string },
      ],
      [ukBody(id, { userId: clientId }), { userId: 'Unknown field.' }],
      [ukBody(id, { bankPOA: '../../etc/passwd' }), { bankPOA: 'Upload the document again.' }],
      [ukBody('nope'), { _id: expect.any(String) as unknown as string }],
    ];
    for (const [body, errors] of cases) {
      const r = await update(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toMatchObject({ errors });
    }
    expect(MESSAGES.rejectWithoutReason('account')).toBe('You cannot reject account without a reason');
    expect(await row(id)).toMatchObject({ status: 'pending', bankName: 'Barclays' });
    expect((await update(ukBody(newId()))).status).toBe(404);
  });

  it('rejects with a comment and moves freely among pending, approved and rejected', async () => {
    const id = await bankAccount(t, clientId);
    const rejected = await update(
      ukBody(id, { status: 'rejected', comment: 'Statement older than 3 months' }),
    );
    expect(rejected.body.bankAccount).toMatchObject({
      status: 'rejected',
      comment: 'Statement older than 3 months',
    });
    for (const status of ['pending', 'approved', 'rejected', 'approved']) {
      const r = await update(ukBody(id, { status, comment: 'Reviewed again' }));
      expect(r.status, status).toBe(200);
      expect((await row(id)).status).toBe(status);
    }
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toEqual([
      'bank-account.rejected',
      'bank-account.pending',
      'bank-account.approved',
      'bank-account.rejected',
      'bank-account.approved',
    ]);
    // A change that keeps the status is an edit.
    expect((await update(ukBody(id, { status: 'approved', bankName: 'Barclays UK' }))).status).toBe(200);
    const after = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);
    expect(after.at(-1)).toMatchObject({
      action: 'bank-account.edited',
      after: expect.objectContaining({ bankName: 'Barclays UK' }),
    });
  });

  it('takes a new statement only if it was uploaded for this client, and links it in the details', async () => {
    const id = await bankAccount(t, clientId, { bankPoa: `${clientId}-1-bank-statement.pdf` });
    const none = await details(id);
    expect(none.status).toBe(200);
    // The old file is not on disk (demo data names files it never wrote), so there is nothing to open.
    expect(none.body.bankAccount).toMatchObject({
      _id: id,
      bankPOA: `${clientId}-1-bank-statement.pdf`,
      bankPOAUrl: '',
    });
    expect(none.body.user).toEqual({ name: 'Owen', surname: 'Staff', email: 'bank.owner@client.test' });

    const mine = (await uploadFile(t, token, clientId, PDF, 'May statement.pdf')).body.file as string;
    const theirs = (await uploadFile(t, token, otherClient, PDF, 'theirs.pdf')).body.file as string;
    expect((await update(ukBody(id, { bankPOA: theirs }))).body).toMatchObject({
      errors: { bankPOA: 'This document was uploaded for another client.' },
    });
    expect((await update(ukBody(id, { bankPOA: `${clientId}-1-never-uploaded.pdf` }))).body).toMatchObject({
      errors: { bankPOA: 'Upload the document again.' },
    });
    const ok = await update(ukBody(id, { bankPOA: mine, status: 'pending', changeDocument: true }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.bankAccount).toMatchObject({ bankPOA: mine, changeDocument: true });
    const logs = await t.db.select().from(clientLogs).where(eq(clientLogs.userId, clientId));
    expect(logs.map((l) => l.event)).toContain('Bank account Barclays updated, new statement uploaded');

    const d = await details(id);
    expect(d.body.bankAccount.bankPOAUrl).toMatch(
      new RegExp(`^/public/files/${mine}\\?exp=\\d+&s=[0-9a-f]{64}&sig=`),
    );
    const file = await fetch(`${t.base}${d.body.bankAccount.bankPOAUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // The same name again is no change, so no ownership check and no log of a new document.
    expect((await update(ukBody(id, { bankPOA: mine }))).status).toBe(200);
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    expect((await details(newId())).status).toBe(404);
    expect((await details('not-an-id')).status).toBe(400);
  });

  it("gives a deposit's client's approved bank account, in the deposit's currency first", async () => {
    const { deposits } = await import('../../src/db/schema.ts');
    const payer = await t.createUser({ email: 'payer@client.test', role: 'USER' });
    const deposit = async (currency: string, userId = payer) => {
      return insertRow(t.db, deposits, {
        userId,
        timestamp: t.clock.now(),
        depositCurrency: currency,
        depositAmountSent: 100,
        accountNumber: 900_001,
        status: 'pending',
        depositType: 'wire',
      });
    };
    const post = (body: unknown) => t.unchecked(calls.banks.getDepositBankDetails, { body }, t.auth(token));
    const gbpDeposit = await deposit('GBP');
    const before = await post({ depositId: gbpDeposit });
    expect(before.body).toEqual({
      success: true,
      bankAccount: null,
      message: 'This client has no approved bank account.',
    });

    await bankAccount(t, payer, {
      status: 'pending',
      bankAccountCurrency: 'GBP',
      timestamp: t.clock.now() + 50,
    });
    const gbp = await bankAccount(t, payer, {
      status: 'approved',
      bankAccountCurrency: 'GBP',
      timestamp: t.clock.now() - 50,
    });
    const eur = await bankAccount(t, payer, {
      status: 'approved',
      bankCountry: 'DE',
      bankAccountCurrency: 'EUR',
      bankIban: 'DE89370400440532013000',
      timestamp: t.clock.now(),
    });
    expect((await post({ depositId: gbpDeposit })).body.bankAccount).toMatchObject({
      _id: gbp,
      userId: payer,
    });
    expect((await post({ depositId: await deposit('EUR') })).body.bankAccount).toMatchObject({ _id: eur });
    expect((await post({ depositId: await deposit('USD') })).body.bankAccount).toMatchObject({ _id: eur });
    expect((await post({ depositId: newId() })).status).toBe(404);
    expect((await post({ depositId: 'x' })).status).toBe(400);
    expect((await post({ depositId: gbpDeposit, userId: payer })).status).toBe(400);
  });

  it('needs a staff session', async () => {
    expect((await t.raw(calls.banks.listBankAccounts)).status).toBe(401);
    expect((await t.raw(calls.banks.getBankAccount, { params: { id: newId() } })).status).toBe(401);
    expect((await t.raw(calls.banks.updateBankAccount, { body: ukBody(newId()) })).status).toBe(401);
    expect((await t.call(calls.banks.getDepositBankDetails, { body: { depositId: newId() } })).status).toBe(
      401,
    );
  });
});

/**
 * The screen's server-paged list (POST …/adminGetBankAccounts/paginated/:status): pages, totals, the
 * filters and sorts of the columns of docs/product.md [screen.bank-accounts], and only the page's clients.
 */
describe(`bank accounts, server-paged (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  /** Clients by first name; Mia owns the 40 oldest pending accounts, Adam and Zoe the 80 newest. */
  const client: Record<'Zoe' | 'Adam' | 'Mia' | 'Olga', string> = { Zoe: '', Adam: '', Mia: '', Olga: '' };
  const PENDING = 120;
  const BANKS = ['Barclays', 'HSBC', 'Lloyds'] as const;
  const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
  /** Pending account i: newer as i grows. */
  const pendingIds: string[] = [];
  let now = 0;

  beforeAll(async () => {
    ({ t, token } = await startDesk('paged@desk.test'));
    for (const name of Object.keys(client) as (keyof typeof client)[]) {
      const id = await t.createUser({ email: `${name.toLowerCase()}@banks.test`, role: 'USER', name });
      await t.db.update(users).set({ surname: 'Client' }).where(eq(users.id, id));
      client[name] = id;
    }
    now = t.clock.now();
    const owner = (i: number) => (i < 40 ? client.Mia : i % 2 === 0 ? client.Adam : client.Zoe);
    const rows = Array.from({ length: PENDING }, (_, i) => ({
      id: newId(now - 100_000 + i),
      userId: owner(i),
      bankName: `${BANKS[i % 3]} ${i}`,
      bankCountry: 'GB',
      bankAccountCurrency: CURRENCIES[i % 3]!,
      status: 'pending',
      timestamp: now - 100_000 + i,
    }));
    pendingIds.push(...rows.map((r) => r.id));
    await t.db.insert(bankAccounts).values(rows);
    // Other tabs; Olga has approved accounts only.
    for (let i = 0; i < 5; i++) await bankAccount(t, client.Olga, { status: 'approved', timestamp: now - i });
    for (let i = 0; i < 3; i++)
      await bankAccount(t, client.Zoe, { status: 'rejected', comment: 'Blurred', timestamp: now - i });
  });
  afterAll(() => t.stop());

  // Unchecked: unknown tabs, sorts and filters go through the same helper.
  const post = (status: string, body: Record<string, unknown> = {}) =>
    t.unchecked(
      calls.banks.pageBankAccounts,
      { params: { status }, body: { page: 1, sizePerPage: 50, filters: {}, ...body } },
      t.auth(token),
    );
  const ids = (r: { body: BankAccountsPageResponse }) => r.body.bankAccounts.map((b) => b._id);
  const text = (filterVal: string) => ({ filterType: 'TEXT', filterVal });

  it('pages a status newest first, with the total over every page and only the page’s clients', async () => {
    const first = await post('pending');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.totalSize).toBe(PENDING);
    expect(first.body.totalCapped).toBeUndefined();
    // Newest first: pending account 119 down to 70.
    expect(ids(first)).toEqual(pendingIds.slice(70).reverse());
    expect(first.body.bankAccounts[0]).toMatchObject({
      status: 'pending',
      bankName: 'Lloyds 119',
      bankPOA: '',
    });
    expect(Object.keys(first.body.users).sort()).toEqual([client.Adam, client.Zoe].sort());
    expect(first.body.users[client.Adam]).toEqual({
      name: 'Adam',
      surname: 'Client',
      email: 'adam@banks.test',
    });

    const second = await post('pending', { page: 2 });
    expect(second.body.totalSize).toBe(PENDING);
    expect(ids(second)).toEqual(pendingIds.slice(20, 70).reverse());
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    expect(Object.keys(second.body.users).sort()).toEqual([client.Adam, client.Zoe, client.Mia].sort());

    const last = await post('pending', { page: 3 });
    expect(ids(last)).toEqual(pendingIds.slice(0, 20).reverse());
    expect(Object.keys(last.body.users)).toEqual([client.Mia]);
    const past = await post('pending', { page: 4 });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ bankAccounts: [], users: {}, totalSize: PENDING });

    const approved = await post('approved');
    expect(approved.body.totalSize).toBe(5);
    expect(approved.body.bankAccounts.every((b) => b.status === 'approved')).toBe(true);
    expect(Object.keys(approved.body.users)).toEqual([client.Olga]);
    const rejected = await post('rejected', { sizePerPage: 2 });
    expect(rejected.body.totalSize).toBe(3);
    expect(rejected.body.bankAccounts).toHaveLength(2);
    expect(rejected.body.bankAccounts[0]).toMatchObject({ status: 'rejected', comment: 'Blurred' });
  });

  it('filters by full name, email, bank name and account currency', async () => {
    const adam = await post('pending', { filters: { name: text('adam') }, sizePerPage: 100 });
    expect(adam.body.totalSize).toBe(40);
    expect(adam.body.bankAccounts.every((b) => b.userId === client.Adam)).toBe(true);
    // The name filter reads name and surname (and email); the email filter the email alone.
    expect((await post('pending', { filters: { name: text('client') } })).body.totalSize).toBe(PENDING);
    expect((await post('pending', { filters: { email: text('client') } })).body.totalSize).toBe(0);
    const mia = await post('pending', { filters: { email: text('MIA@banks') }, sizePerPage: 100 });
    expect(mia.body.totalSize).toBe(40);
    expect(Object.keys(mia.body.users)).toEqual([client.Mia]);

    const hsbc = await post('pending', { filters: { bankName: text('hsbc') }, sizePerPage: 100 });
    expect(hsbc.body.totalSize).toBe(40);
    expect(hsbc.body.bankAccounts.every((b) => b.bankName.startsWith('HSBC '))).toBe(true);
    // Typed % and _ are plain characters, not wildcards.
    expect((await post('pending', { filters: { bankName: text('%') } })).body.totalSize).toBe(0);

    const eur = { filterType: 'SELECT', filterVal: 'EUR' };
    const euro = await post('pending', { filters: { bankAccountCurrency: eur }, sizePerPage: 100 });
    expect(euro.body.totalSize).toBe(40);
    expect(euro.body.bankAccounts.every((b) => b.bankAccountCurrency === 'EUR')).toBe(true);
    const partial = { filterType: 'SELECT', filterVal: 'EU' };
    expect((await post('pending', { filters: { bankAccountCurrency: partial } })).body.totalSize).toBe(0);

    // Filters combine; an empty one is ignored.
    const both = await post('pending', {
      filters: { name: text('zoe'), bankAccountCurrency: eur, bankName: text('') },
      sizePerPage: 100,
    });
    const expected = pendingIds.filter((_, i) => i >= 40 && i % 2 === 1 && i % 3 === 1);
    expect(ids(both).sort()).toEqual([...expected].sort());
    expect(both.body.totalSize).toBe(expected.length);
  });

  it('sorts by a column either way, ties broken by id, and by added time', async () => {
    const asc = await post('pending', {
      sortField: 'bankAccountCurrency',
      sortOrder: 'asc',
      sizePerPage: 100,
    });
    const currencies = asc.body.bankAccounts.map((b) => b.bankAccountCurrency);
    expect(currencies.slice(0, 40).every((c) => c === 'EUR')).toBe(true);
    expect(currencies.slice(40, 80).every((c) => c === 'GBP')).toBe(true);
    expect(currencies.slice(80).every((c) => c === 'USD')).toBe(true);
    const eurIds = pendingIds.filter((_, i) => i % 3 === 1);
    expect(ids(asc).slice(0, 40)).toEqual([...eurIds].sort());
    const next = await post('pending', {
      sortField: 'bankAccountCurrency',
      sortOrder: 'asc',
      sizePerPage: 100,
      page: 2,
    });
    expect(next.body.bankAccounts.map((b) => b.bankAccountCurrency)).toEqual(Array(20).fill('USD'));

    const byName = await post('pending', { sortField: 'name', sortOrder: 'desc', sizePerPage: 100 });
    const owners = byName.body.bankAccounts.map((b) => b.userId);
    // Zoe, then Mia, then Adam.
    expect(owners.slice(0, 40).every((u) => u === client.Zoe)).toBe(true);
    expect(owners.slice(40, 80).every((u) => u === client.Mia)).toBe(true);
    expect(owners.slice(80).every((u) => u === client.Adam)).toBe(true);

    const oldest = await post('pending', { sortField: 'timestamp', sortOrder: 'asc', sizePerPage: 3 });
    expect(ids(oldest)).toEqual(pendingIds.slice(0, 3));
  });

  it('refuses an unknown status, sort or filter field with a 400 and changes nothing', async () => {
    const countOf = async () => ({
      banks: (await t.db.select({ n: count() }).from(bankAccounts))[0]!.n,
      audit: (await t.db.select({ n: count() }).from(auditLog))[0]!.n,
      pending: (
        await t.db.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.status, 'pending'))
      )[0]!.n,
    });
    const before = await countOf();
    for (const status of ['declined', 'all', 'PENDING', 'pending%27']) {
      const r = await post(status);
      expect(r.status, status).toBe(400);
      expect(r.body.errors, status).toBeDefined();
    }
    const badSort = await post('pending', { sortField: 'bankIban' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors).toEqual({ sortField: 'This column cannot be sorted.' });
    const sqlSort = await post('pending', { sortField: 'timestamp; drop table bank_accounts' });
    expect(sqlSort.status).toBe(400);
    const badFilter = await post('pending', { filters: { status: text('approved') } });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.errors).toEqual({ 'filters.status': 'This column cannot be filtered.' });
    // Added is sortable, not filterable (as on the screen).
    expect((await post('pending', { filters: { timestamp: text('1') } })).status).toBe(400);
    expect((await post('pending', { sizePerPage: 101 })).status).toBe(400);
    expect((await post('pending', { page: 0 })).status).toBe(400);
    expect((await post('pending', { status: 'approved' })).status).toBe(400);
    expect(await countOf()).toEqual(before);
    // No staff session, no list.
    const anonymous = await t.call(calls.banks.pageBankAccounts, {
      params: { status: 'pending' },
      body: {
        page: 1,
        sizePerPage: 50,
        filters: {},
      },
    });
    expect(anonymous.status).toBe(401);
  });

  it(`counts up to ${TOTAL_CAP} and reaches rows past the newest ${BANK_LIST_CAP}`, async () => {
    const g = sql.raw('g');
    await t.db.execute(sql`
      insert into bank_accounts (id, user_id, bank_name, bank_country, bank_account_currency, status, timestamp)
      select ${sql.raw(`'e' || lpad(to_hex(g), 23, '0')`)}, ${client.Olga}, 'Bulk ' || ${g}, 'GB', 'USD',
        'rejected', ${now - 200_000} + ${g}
      from generate_series(1, ${TOTAL_CAP + 1}) as ${g}`);
    const all = await post('rejected');
    expect(all.body).toMatchObject({ totalSize: TOTAL_CAP, totalCapped: true });
    expect(all.body.bankAccounts).toHaveLength(50);
    // A narrowing filter is counted exactly.
    const narrow = await post('rejected', { filters: { bankName: text('Bulk 1000') } });
    // Bulk 1000, 10000 and 10001.
    expect(narrow.body.totalSize).toBe(3);
    expect(narrow.body.totalCapped).toBeUndefined();
    // The oldest account, far past what all/all lists, is found.
    const oldest = await post('rejected', { sortField: 'timestamp', sortOrder: 'asc', sizePerPage: 1 });
    expect(oldest.body.bankAccounts.map((b) => b.bankName)).toEqual(['Bulk 1']);
    expect(Object.keys(oldest.body.users)).toEqual([client.Olga]);
  });
});
