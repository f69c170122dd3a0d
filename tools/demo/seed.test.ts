import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { LEVERAGES } from '@brokerdesk/contract';
import { openTestDatabase, testDbKind } from '../../apps/server/test/support/db.ts';
import type { Database, Db } from '@brokerdesk/server/db/client';
import { verifyPassword } from '@brokerdesk/server/auth/passwords';
import { DEMO_STAFF, ensureDemoStaff } from './demo-staff.ts';
import { FIRST_ACCOUNT_NUMBER, seedDemoData, type SeedSummary } from './seed.ts';
import { sniffType } from '@brokerdesk/server/features/banks/file-store';

type Value = string | number | boolean | null;
async function rows(db: Db, query: SQL): Promise<Record<string, Value>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, Value>[] };
  return result.rows;
}
async function distinct(db: Db, table: string, column: string): Promise<Value[]> {
  const r = await rows(db, sql.raw(`select distinct ${column} as v from ${table} order by 1`));
  return r.map((x) => x.v as Value);
}
async function one(db: Db, query: SQL): Promise<number> {
  const [r] = await rows(db, query);
  return Number(Object.values(r!)[0]);
}
/** Client identities in a stable order, to compare two seeds. */
async function clients(db: Db) {
  return rows(
    db,
    sql`select id, email, name, surname, status from users where role in ('USER','PARTNER') order by id`,
  );
}

describe(`demo data (${testDbKind})`, () => {
  let database: Database;
  let db: Db;
  let summary: SeedSummary;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    summary = await seedDemoData(db, { clients: 300, seed: 42 });
  });
  afterAll(() => database.close());

  it('holds every status of every table', async () => {
    const requests = ['approved', 'pending', 'rejected'];
    expect(await distinct(db, 'users', 'status')).toEqual([
      'approved',
      'disabled',
      'new',
      'pending',
      'rejected',
    ]);
    expect(await distinct(db, 'deposits', 'status')).toEqual([
      'approved',
      'declined',
      'error',
      'incomplete',
      'pending',
      'rejected',
    ]);
    // Every tab of docs/product.md [routes] has rows: withdrawals also 'incomplete'.
    expect(await distinct(db, 'withdrawals', 'status')).toEqual([
      'approved',
      'error',
      'incomplete',
      'pending',
      'rejected',
    ]);
    expect(await distinct(db, 'transfers', 'status')).toEqual(['approved', 'error', 'pending', 'rejected']);
    expect(await distinct(db, 'bank_accounts', 'status')).toEqual(requests);
    expect(await distinct(db, 'leverage_changes', 'status')).toEqual(requests);
    expect(await distinct(db, 'sub_account_requests', 'status')).toEqual(requests);
    expect(await distinct(db, 'ib_requests', 'status')).toEqual(['approved', 'error', 'pending', 'rejected']);
    expect(await distinct(db, 'groups', 'group_status')).toEqual(['active', 'disabled']);
  });

  it('covers the kinds and flags the screens show', async () => {
    expect(await distinct(db, 'users', 'role')).toEqual(['PARTNER', 'USER']);
    expect(await distinct(db, 'users', 'account_type')).toEqual(['Corporate', 'Individual']);
    expect(await distinct(db, 'users', 'hubspot_lifecycle_id')).toEqual(['42', '44', '46', '61', '78', null]);
    for (const flag of [
      'e_kyc_approved',
      'e_kyc_pending',
      'e_kyc_flagged',
      'registered',
      'first_account_created',
    ]) {
      expect(await distinct(db, 'users', flag)).toEqual([false, true]);
    }
    expect(await distinct(db, 'kyc_documents', 'kind')).toEqual(['IDENTITY', 'PROOF_OF_RESIDENCE']);
    expect(await distinct(db, 'trading_accounts', 'type')).toEqual(['ECN', 'Mini FX', 'Standard']);
    expect(await distinct(db, 'trading_accounts', 'base_currency')).toEqual(['EUR', 'GBP', 'USD']);
    expect(await distinct(db, 'trading_accounts', 'live')).toEqual([false, true]);
    expect(await distinct(db, 'trading_accounts', 'approved')).toEqual([false, true]);
    expect(await distinct(db, 'withdrawals', 'withdrawal_type')).toEqual(['crypto', 'others', 'wire']);
    expect(await distinct(db, 'withdrawals', 'provider_handled')).toEqual([false, true]);
    expect(await distinct(db, 'sub_account_requests', 'admin_requested')).toEqual([false, true]);
    expect(await distinct(db, 'groups', 'copy')).toEqual(['', 'D']);
    expect(await one(db, sql`select count(*) from users where country !~ '^[A-Z]{2}$'`)).toBe(0);
  });

  it('returns the number of rows it added to each table', async () => {
    for (const [table, n] of Object.entries(summary)) {
      expect(await one(db, sql.raw(`select count(*) from ${table}`)), table).toBe(n);
    }
    expect(summary.users).toBe(300);
  });

  it('registers every trading account on the simulator platform', async () => {
    expect(await one(db, sql`select count(*) from sim_accounts`)).toBe(summary.trading_accounts);
    const mismatched = await rows(
      db,
      sql`select t.number from trading_accounts t left join sim_accounts s on s.login = t.number
          where s.login is null or s.group_name <> t.account_group or s.leverage <> t.leverage
             or s.balance <> t.balance or length(s.password_main) <> 10`,
    );
    expect(mismatched).toEqual([]);
    const [range] = await rows(
      db,
      sql`select min(number) as lo, max(number) as hi, count(distinct number) as n from trading_accounts`,
    );
    expect(Number(range!.lo)).toBe(FIRST_ACCOUNT_NUMBER);
    expect(Number(range!.hi)).toBe(FIRST_ACCOUNT_NUMBER + summary.trading_accounts - 1);
    expect(Number(range!.n)).toBe(summary.trading_accounts);
  });

  it('keeps the details of each record consistent', async () => {
    const none = (query: SQL) => expect(one(db, query)).resolves.toBe(0);
    await none(sql`select count(*) from trading_accounts where type = 'Mini FX' and not live`);
    await none(
      sql`select count(*) from trading_accounts where leverage not in (${sql.raw(LEVERAGES.join(','))})`,
    );
    await none(
      sql`select count(*) from trading_accounts t where not exists (select 1 from groups g where g.group_id = t.account_group)`,
    );
    await none(
      sql`select count(*) from trading_accounts where balance < 0 or (not live and approved and balance <= 0)`,
    );
    await none(sql`select count(*) from deposits where (status = 'approved') <> (mt_status = 'SUCCESS')`);
    await none(
      sql`select count(*) from withdrawals where (withdrawal_type = 'crypto') <> (crypto_currency <> '')`,
    );
    await none(sql`select count(*) from withdrawals where provider_handled <> (provider_order_id <> '')`);
    await none(sql`select count(*) from withdrawals w where w.withdrawal_type = 'wire'
      and not exists (select 1 from bank_accounts b where b.id = w.bank_id and b.user_id = w.user_id)`);
    await none(sql`select count(*) from transfers x where x.source_account = x.destination_account
      or not exists (select 1 from trading_accounts s join trading_accounts d on d.user_id = s.user_id
                     where s.number = x.source_account and d.number = x.destination_account and s.user_id = x.user_id)`);
    // Rejected requests carry the reason the desk gave.
    for (const table of [
      'transfers',
      'withdrawals',
      'bank_accounts',
      'leverage_changes',
      'sub_account_requests',
      'ib_requests',
    ]) {
      await none(sql.raw(`select count(*) from ${table} where status = 'rejected' and comment = ''`));
    }
    await none(sql`select count(*) from ib_requests where (status = 'error') <> (error_message <> '')`);
    // UK banks: account number and sort code; others: IBAN and SWIFT.
    await none(sql`select count(*) from bank_accounts where (bank_country = 'GB') <> (bank_sort_code ~ '^[0-9]{2}-[0-9]{2}-[0-9]{2}$')
      or (bank_country = 'GB') = (bank_swift <> '')`);
    // The previous address is there exactly when the living period is under 3 years.
    await none(
      sql`select count(*) from applications where ("user"->>'livingPeriod' = '<3') <> ("user"->>'prevAddress' <> '')`,
    );
    expect(
      await one(db, sql`select count(*) from applications where "user"->>'livingPeriod' = '<3'`),
    ).toBeGreaterThan(0);
    // A half-done transfer: debited from the source, never credited.
    expect(
      await one(
        db,
        sql`select count(*) from transfers where source_mt_status = 'SUCCESS'
      and destination_mt_status not in ('SUCCESS', '')`,
      ),
    ).toBeGreaterThan(0);
    // Partners: an introducer code with their agent code, and mail settings.
    await none(sql`select count(*) from users u where u.role = 'PARTNER' and (
      not exists (select 1 from ib_codes c where c.agent_code = u.agent_code)
      or not exists (select 1 from partner_email_settings p where p.partner_id = u.id and p.agent_code = u.agent_code))`);
    await none(
      sql`select count(*) from ib_codes where link <> 'http://127.0.0.1:8080/register/' || agent_code`,
    );
    await none(
      sql`select count(*) from generated_codes g where not exists (select 1 from ib_codes c where c.agent_code = g.agent_code)`,
    );
    const [quota] = await rows(db, sql`select * from ib_quota`);
    expect(Number(quota!.total_ib_codes) - Number(quota!.available_ib_codes)).toBe(summary.ib_codes);
    // Referred clients carry the agent code of an existing introducer.
    await none(sql`select count(*) from users u where u.agent_code is not null
      and not exists (select 1 from ib_codes c where c.agent_code = u.agent_code)`);
    expect(
      await one(db, sql`select count(*) from users where role = 'USER' and agent_code is not null`),
    ).toBeGreaterThan(0);
  });

  it('gives the same data for the same seed, whether or not staff existed, and other data for another seed', async () => {
    const again = await openTestDatabase();
    const other = await openTestDatabase();
    try {
      await ensureDemoStaff(again.db);
      await seedDemoData(again.db, { clients: 300, seed: 42 });
      await seedDemoData(other.db, { clients: 300, seed: 43 });
      const mine = await clients(db);
      expect(await clients(again.db)).toEqual(mine);
      const amounts = sql`select id, deposit_amount_sent as a from deposits order by id`;
      expect(await rows(again.db, amounts)).toEqual(await rows(db, amounts));
      // With staff present they are named as approvers; without, approvals are AUTOMATION.
      const approvers = sql`select count(*) from deposits where admin_id not in ('', '0')`;
      expect(await one(again.db, approvers)).toBeGreaterThan(0);
      expect(await one(db, approvers)).toBe(0);
      const emails = (await clients(other.db)).map((c) => c.email);
      expect(emails.filter((e) => mine.some((m) => m.email === e)).length).toBeLessThan(5);
    } finally {
      await again.close();
      await other.close();
    }
    // Heavier than most: give it room on a busy 2-core machine.
  }, 120_000);

  it('refuses a database that already holds clients', async () => {
    const held =
      `300 clients, ${summary.trading_accounts} trading accounts, ${summary.sim_accounts} simulator accounts, ` +
      `${summary.ib_codes} introducers, ${summary.groups} groups`;
    await expect(seedDemoData(db, { clients: 1, seed: 1 })).rejects.toThrow(
      `The database already holds ${held}. Demo data is only added to an empty database`,
    );
  });
});

describe(`demo staff (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('creates the demo SYSOP and ADMIN once, with the printed passwords', async () => {
    const first = await ensureDemoStaff(database.db, 1_790_000_000);
    expect(first).toEqual(
      DEMO_STAFF.map((s) => ({ email: s.email, password: s.password, role: s.role, created: true })),
    );
    const second = await ensureDemoStaff(database.db, 1_790_000_100);
    expect(second.map((s) => s.created)).toEqual([false, false]);
    const staff = await rows(
      database.db,
      sql`select email, name, surname, role, status, email_verified, password_hash from users order by email`,
    );
    expect(staff.map(({ password_hash: _, ...rest }) => rest)).toEqual([
      {
        email: 'admin@brokerdesk.local',
        name: 'Alex',
        surname: 'Admin',
        role: 'ADMIN',
        status: 'approved',
        email_verified: true,
      },
      {
        email: 'sysop@brokerdesk.local',
        name: 'Sam',
        surname: 'Sysop',
        role: 'SYSOP',
        status: 'approved',
        email_verified: true,
      },
    ]);
    expect(await verifyPassword(staff[0]!.password_hash as string, 'Admin-demo-2026')).toBe(true);
    expect(await verifyPassword(staff[1]!.password_hash as string, 'Sysop-demo-2026')).toBe(true);
  });
});

describe(`demo documents (${testDbKind})`, () => {
  it("writes each bank account's statement into the uploads folder: a PDF, or a PNG picture", async () => {
    const database = await openTestDatabase();
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-demo-uploads-'));
    try {
      await seedDemoData(database.db, { clients: 60, seed: 3, uploadsDir });
      const banks = await rows(database.db, sql`select status, bank_poa from bank_accounts`);
      const files = new Set(fs.readdirSync(uploadsDir));
      expect(banks.length).toBeGreaterThan(5);
      expect(banks.filter((b) => b.status === 'pending').length).toBeGreaterThan(0);
      for (const b of banks) {
        const name = b.bank_poa as string;
        expect(files.has(name), name).toBe(true);
        const head = fs.readFileSync(path.join(uploadsDir, name)).subarray(0, 8);
        expect(sniffType(head)?.ext, name).toBe(name.endsWith('.png') ? 'png' : 'pdf');
      }
      const kinds = new Set([...files].map((f) => f.slice(f.lastIndexOf('.') + 1)));
      expect(kinds).toEqual(new Set(['pdf', 'png']));
    } finally {
      await database.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});
