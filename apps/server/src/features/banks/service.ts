import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BANK_LIST_CAP,
  CLIENT_BANK_ACCOUNTS_CAP,
  type BankAccount,
  type ClientBankAccount,
  type PagedRequest,
} from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bankAccounts, deposits, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../http/errors.ts';
import { readPage } from '../../lib/read-page.ts';
import { lookupClients } from '../funding/list.ts';
import { planBankAccounts, type BankListStatus } from './list.ts';
import type { FileStore } from './file-store.ts';
import { toWireBank } from './rows.ts';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

/** What BanksService is built from (composition.ts). */
export type BanksServiceDeps = {
  db: Db;
  clock: Clock;
  files: FileStore;
};

/**
 * Bank verification (docs/product.md [screen.bank-accounts]): lists by status, details with a statement link,
 * and review.
 */
export class BanksService {
  constructor(private readonly deps: BanksServiceDeps) {}

  /** Every status group, each the newest BANK_LIST_CAP rows (the status-and-time index serves each). */
  async list() {
    const groups = {} as Record<(typeof STATUSES)[number], BankAccount[]>;
    for (const status of STATUSES) {
      const rows = await this.deps.db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.status, status))
        .orderBy(desc(bankAccounts.timestamp), desc(bankAccounts.id))
        .limit(BANK_LIST_CAP);
      groups[status] = rows.map(toWireBank);
    }
    const ids = Object.values(groups).flatMap((g) => g.map((b) => b.userId));
    return { users: await lookupClients(this.deps.db, ids), bankAccounts: groups };
  }

  /**
   * The screen's list (docs/product.md [screen.bank-accounts]): one server page of a status, as filtered and
   * sorted, with the total (capped) and only that page's clients.
   */
  async page(status: BankListStatus, req: PagedRequest) {
    const plan = planBankAccounts(status, req);
    const { rows, total } = await readPage(this.deps.db, bankAccounts, plan);
    const page = rows.map(toWireBank);
    return {
      bankAccounts: page,
      users: await lookupClients(
        this.deps.db,
        page.map((b) => b.userId),
      ),
      ...total,
    };
  }

  /** A client's bank accounts, newest first, each saying whether its statement is on file. */
  async ofClient(userId: string): Promise<ClientBankAccount[]> {
    const [client] = await this.deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!client) throw new NotFound('No such user.');
    const rows = await this.deps.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, userId))
      .orderBy(desc(bankAccounts.timestamp), desc(bankAccounts.id))
      .limit(CLIENT_BANK_ACCOUNTS_CAP);
    return Promise.all(
      rows.map(async (row) => {
        const hasStatement = row.bankPoa !== '' && (await this.deps.files.exists(row.bankPoa));
        return {
          _id: row.id,
          bankName: row.bankName,
          bankAccountCurrency: row.bankAccountCurrency,
          accountEnding: (row.bankIban || row.bankAccountNumber).slice(-4),
          status: row.status as ClientBankAccount['status'],
          timestamp: row.timestamp,
          hasStatement,
          statementType: hasStatement ? (this.deps.files.typeOf(row.bankPoa)?.ext ?? '') : '',
        };
      }),
    );
  }

  /** `session`: the staff session asking; the statement's link opens only while it lives. */
  async details(id: string, session: string) {
    const row = await this.get(this.deps.db, id);
    const users = await lookupClients(this.deps.db, [row.userId]);
    const hasFile = row.bankPoa !== '' && (await this.deps.files.exists(row.bankPoa));
    return {
      bankAccount: {
        ...toWireBank(row),
        bankPOAUrl: hasFile ? this.deps.files.link(row.bankPoa, session) : '',
      },
      user: users[row.userId] ?? null,
    };
  }

  /**
   * The bank account a deposit's client is paid back to: their approved account, the one in the
   * deposit's currency first, then the newest.
   */
  async forDeposit(depositId: string) {
    const [deposit] = await this.deps.db
      .select({ userId: deposits.userId, currency: deposits.depositCurrency })
      .from(deposits)
      .where(eq(deposits.id, depositId));
    if (!deposit) throw new NotFound('No such deposit.');
    const [row] = await this.deps.db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, deposit.userId), eq(bankAccounts.status, 'approved')))
      .orderBy(
        desc(sql`(${bankAccounts.bankAccountCurrency} = ${deposit.currency})`),
        desc(bankAccounts.timestamp),
        desc(bankAccounts.id),
      )
      .limit(1);
    if (!row)
      return { success: true, bankAccount: null, message: 'This client has no approved bank account.' };
    return { success: true, bankAccount: toWireBank(row) };
  }

  private async get(db: DbOrTx, id: string, forUpdate = false) {
    const q = db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw new NotFound('No such bank account.');
    return row;
  }
}
