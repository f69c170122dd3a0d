import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BANK_LIST_CAP,
  CLIENT_BANK_ACCOUNTS_CAP,
  MESSAGES,
  type BankAccount,
  type ClientBankAccount,
  type PagedRequest,
} from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bankAccounts, deposits, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import type { StaffContext } from '../../auth/sessions.ts';
import { writeClientLog } from '../clients/client-log.ts';
import { readPage } from '../../lib/read-page.ts';
import { lookupClients } from '../funding/list.ts';
import { planBankAccounts, type BankListStatus } from './list.ts';
import type { FileStore } from './file-store.ts';
import { toWireBank } from './rows.ts';

type Staff = StaffContext & { ip?: string };
const staffName = (s: Staff) => `${s.name} ${s.surname}`.trim();
const STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The Bank modal's fields, already validated and normalised by the contract. */
export type BankUpdate = {
  _id: string;
  bankName: string;
  bankAddress: string;
  bankCountry: string;
  bankAccountCurrency: string;
  bankAccountNumber: string;
  bankSortCode: string;
  bankIBAN: string;
  bankSwift: string;
  status: (typeof STATUSES)[number];
  comment: string;
  bankPOA?: string;
  changeDocument?: boolean;
};

/** Bank verification (SPEC 2.17): lists by status, details with a statement link, and review. */
export class BanksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: FileStore,
  ) {}

  /** Every status group, each the newest BANK_LIST_CAP rows (the status-and-time index serves each). */
  async list() {
    const groups = {} as Record<(typeof STATUSES)[number], BankAccount[]>;
    for (const status of STATUSES) {
      const rows = await this.db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.status, status))
        .orderBy(desc(bankAccounts.timestamp), desc(bankAccounts.id))
        .limit(BANK_LIST_CAP);
      groups[status] = rows.map(toWireBank);
    }
    const ids = Object.values(groups).flatMap((g) => g.map((b) => b.userId));
    return { users: await lookupClients(this.db, ids), bankAccounts: groups };
  }

  /**
   * The screen's list (SPEC 2.17): one server page of a status, as filtered and sorted, with the total
   * (capped) and only that page's clients.
   */
  async page(status: BankListStatus, req: PagedRequest) {
    const plan = planBankAccounts(status, req);
    const { rows, total } = await readPage(this.db, bankAccounts, plan);
    const page = rows.map(toWireBank);
    return {
      bankAccounts: page,
      users: await lookupClients(
        this.db,
        page.map((b) => b.userId),
      ),
      ...total,
    };
  }

  /** A client's bank accounts, newest first, each saying whether its statement is on file. */
  async ofClient(userId: string): Promise<ClientBankAccount[]> {
    const [client] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!client) throw new NotFound('No such user.');
    const rows = await this.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, userId))
      .orderBy(desc(bankAccounts.timestamp), desc(bankAccounts.id))
      .limit(CLIENT_BANK_ACCOUNTS_CAP);
    return Promise.all(
      rows.map(async (row) => {
        const hasStatement = row.bankPoa !== '' && (await this.files.exists(row.bankPoa));
        return {
          _id: row.id,
          bankName: row.bankName,
          bankAccountCurrency: row.bankAccountCurrency,
          accountEnding: (row.bankIban || row.bankAccountNumber).slice(-4),
          status: row.status as ClientBankAccount['status'],
          timestamp: row.timestamp,
          hasStatement,
          statementType: hasStatement ? (this.files.typeOf(row.bankPoa)?.ext ?? '') : '',
        };
      }),
    );
  }

  /** `session`: the staff session asking; the statement's link opens only while it lives. */
  async details(id: string, session: string) {
    const row = await this.get(this.db, id);
    const users = await lookupClients(this.db, [row.userId]);
    const hasFile = row.bankPoa !== '' && (await this.files.exists(row.bankPoa));
    return {
      bankAccount: { ...toWireBank(row), bankPOAUrl: hasFile ? this.files.link(row.bankPoa, session) : '' },
      user: users[row.userId] ?? null,
    };
  }

  /**
   * Any status may follow any other (SPEC 4); a rejection needs a comment (SPEC 5). `from`: the status
   * the caller saw (a bulk decision on the Pending tab), checked under the row lock: 409 when it moved.
   */
  async update(input: BankUpdate, staff: Staff, opts: { from?: string } = {}) {
    if (input.status === 'rejected' && !input.comment.trim()) {
      throw new Invalid({ comment: MESSAGES.rejectWithoutReason('account') });
    }
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const before = await this.get(tx, input._id, true);
      if (opts.from && before.status !== opts.from) {
        throw new Conflict(`This bank account is already ${before.status}.`);
      }
      const newDocument = input.bankPOA !== undefined && input.bankPOA !== before.bankPoa;
      if (newDocument) await this.assertUploadOf(input.bankPOA!, before.userId);
      const [after] = await tx
        .update(bankAccounts)
        .set({
          bankName: input.bankName,
          bankAddress: input.bankAddress,
          bankCountry: input.bankCountry,
          bankAccountCurrency: input.bankAccountCurrency,
          bankAccountNumber: input.bankAccountNumber,
          bankSortCode: input.bankSortCode,
          bankIban: input.bankIBAN,
          bankSwift: input.bankSwift,
          status: input.status,
          comment: input.comment,
          bankPoa: newDocument ? input.bankPOA! : before.bankPoa,
          changeDocument: input.changeDocument ?? before.changeDocument,
        })
        .where(eq(bankAccounts.id, before.id))
        .returning();
      const statusChanged = before.status !== input.status;
      const what = statusChanged ? `set to ${input.status}` : 'updated';
      const doc = newDocument ? ', new statement uploaded' : '';
      await writeClientLog(tx, {
        userId: before.userId,
        event: `Bank account ${after!.bankName} ${what}${doc}${input.comment ? `: ${input.comment}` : ''}`,
        actionedBy: staff.userId,
        customName: staffName(staff),
        now,
      });
      await audit(tx, now, {
        actorId: staff.userId,
        action: statusChanged ? `bank-account.${input.status}` : 'bank-account.edited',
        entity: 'bank_account',
        entityId: before.id,
        before: toWireBank(before),
        after: toWireBank(after!),
        ip: staff.ip,
      });
      return after!;
    });
    return { success: true, message: 'Bank details updated.', bankAccount: toWireBank(row) };
  }

  /** A bulk decision on the Pending tab (issue 20): the row's own details, with the new status. */
  async decide(id: string, status: 'approved' | 'rejected', comment: string, staff: Staff) {
    const row = await this.get(this.db, id);
    const input: BankUpdate = {
      _id: id,
      bankName: row.bankName,
      bankAddress: row.bankAddress,
      bankCountry: row.bankCountry,
      bankAccountCurrency: row.bankAccountCurrency,
      bankAccountNumber: row.bankAccountNumber,
      bankSortCode: row.bankSortCode,
      bankIBAN: row.bankIban,
      bankSwift: row.bankSwift,
      status,
      comment: status === 'rejected' ? comment : row.comment,
    };
    return this.update(input, staff, { from: 'pending' });
  }

  /**
   * The bank account a deposit's client is paid back to: their approved account, the one in the
   * deposit's currency first, then the newest.
   */
  async forDeposit(depositId: string) {
    const [deposit] = await this.db
      .select({ userId: deposits.userId, currency: deposits.depositCurrency })
      .from(deposits)
      .where(eq(deposits.id, depositId));
    if (!deposit) throw new NotFound('No such deposit.');
    const [row] = await this.db
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

  /** bankPOA must name a file uploaded for this account's client (POST /upload makes such names). */
  private async assertUploadOf(name: string, userId: string): Promise<void> {
    if (!name.startsWith(`${userId}-`)) {
      throw new Invalid({ bankPOA: 'This document was uploaded for another client.' });
    }
    if (!(await this.files.exists(name))) throw new Invalid({ bankPOA: 'Upload the document again.' });
  }

  private async get(db: DbOrTx, id: string, forUpdate = false) {
    const q = db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw new NotFound('No such bank account.');
    return row;
  }
}
