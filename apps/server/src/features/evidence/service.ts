import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CURRENCIES,
  type Currency,
  type CurrencyPicture,
  type MoneyLine,
  type MoneyPicture,
  type ReturnToSource,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { bankAccounts, deposits, kycDocuments, users, withdrawals } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../http/errors.ts';
import type { TradingPlatform } from '../../integrations/platform/types.ts';
import { proposeReturn, type BankIn } from './return-to-source.ts';
import { tradingSinceDeposits } from './trading.ts';
import { approvedLines, latestApprovedDeposits, type ApprovedLine } from './reads.ts';
import { refundableSources, type RefundableMethods } from './refundable.ts';

/** What EvidenceService is built from (composition.ts). */
export type EvidenceServiceDeps = {
  db: Db;
  clock: Clock;
  platform: TradingPlatform | undefined;
  refunds: RefundableMethods;
};

/**
 * The client's money picture (docs/product.md [evidence.money-picture]). Every read is per client on
 * the tables' user indexes (deposits_user_idx, withdrawals_user_idx, bank_accounts_user_idx) and sums
 * in SQL, so a client with thousands of requests costs a handful of grouped rows, never the requests
 * themselves. The platform is asked only for the trading since the latest deposits, one read per
 * account, and its silence reads "trading unknown" (docs/product.md [evidence.trading]).
 */
export class EvidenceService {
  /** The refund setting per deposit method, which return to source reads. */
  readonly refunds: RefundableMethods;

  constructor(private readonly deps: EvidenceServiceDeps) {
    this.refunds = deps.refunds;
  }

  async picture(userId: string, withdrawalId?: string): Promise<MoneyPicture> {
    const [client] = await this.deps.db
      .select({
        id: users.id,
        name: users.name,
        surname: users.surname,
        timestamp: users.timestamp,
        eKycApproved: users.eKycApproved,
        eKycPending: users.eKycPending,
        eKycFlagged: users.eKycFlagged,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!client) throw new NotFound('No client has this id.');
    const now = this.deps.clock.now();

    const [currencies, kyc, bankDetails, traded, proposal] = await Promise.all([
      this.currencies(userId),
      this.kycDocumentCount(userId),
      this.bankDetails(userId),
      this.latestDeposits(userId),
      this.returnToSource(userId, `${client.name} ${client.surname}`, withdrawalId),
    ]);
    const trading = await tradingSinceDeposits(this.deps.platform, traded.rows, now);
    return {
      client: {
        id: client.id,
        name: client.name,
        surname: client.surname,
        registeredAt: client.timestamp,
        ageDays: Math.max(0, Math.floor((now - client.timestamp) / 86_400)),
      },
      kyc: {
        status: client.eKycApproved
          ? 'approved'
          : client.eKycFlagged
            ? 'flagged'
            : client.eKycPending
              ? 'pending'
              : 'not started',
        documents: kyc,
      },
      bankDetails,
      currencies,
      depositTrading: { deposits: trading, total: traded.total },
      returnToSource: proposal,
      at: now,
    };
  }

  /** Approved money by currency, method and identifier, grouped in SQL; open withdrawals by currency. */
  private async currencies(userId: string): Promise<CurrencyPicture[]> {
    const [ins, outs, open] = await Promise.all([
      approvedLines(this.deps.db, 'deposit', userId),
      approvedLines(this.deps.db, 'withdrawal', userId),
      this.deps.db
        .select({
          currency: withdrawals.withdrawalCurrency,
          amount: sql<string>`sum(${withdrawals.withdrawalAmount})::text`,
        })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending', 'incomplete'])))
        .groupBy(withdrawals.withdrawalCurrency),
    ]);
    const line = (r: ApprovedLine): MoneyLine => ({
      method: r.method,
      label: r.label,
      identifier: r.identifier,
      count: r.count,
      amount: r.cents / 100,
      firstAt: r.firstAt,
      lastAt: r.lastAt,
    });
    const byTime = (a: MoneyLine, b: MoneyLine) => a.firstAt - b.firstAt || a.method.localeCompare(b.method);
    const cents = (lines: ApprovedLine[]) => lines.reduce((s, l) => s + l.cents, 0);
    return CURRENCIES.flatMap((currency: Currency) => {
      const dep = ins.filter((r) => r.currency === currency);
      const wd = outs.filter((r) => r.currency === currency);
      const openCents = Math.round(Number(open.find((o) => o.currency === currency)?.amount ?? 0) * 100);
      if (dep.length === 0 && wd.length === 0 && openCents === 0) return [];
      const inCents = cents(dep);
      const outCents = cents(wd);
      return [
        {
          currency,
          deposits: dep.map(line).sort(byTime),
          withdrawals: wd.map(line).sort(byTime),
          depositedTotal: inCents / 100,
          withdrawnTotal: outCents / 100,
          net: (inCents - outCents) / 100,
          openWithdrawals: openCents / 100,
        },
      ];
    });
  }

  private async kycDocumentCount(userId: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(kycDocuments)
      .where(eq(kycDocuments.userId, userId));
    return row?.n ?? 0;
  }

  private async bankDetails(userId: string): Promise<MoneyPicture['bankDetails']> {
    const rows = await this.deps.db
      .select({ status: bankAccounts.status, n: count() })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, userId))
      .groupBy(bankAccounts.status);
    const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    const approved = n('approved');
    const pending = n('pending');
    const rejected = n('rejected') + n('declined');
    return {
      status: approved > 0 ? 'verified' : pending > 0 ? 'pending' : rejected > 0 ? 'rejected' : 'none',
      approved,
      pending,
      rejected,
    };
  }

  /** The latest approved deposits (their trading is read) and how many approved deposits there are. */
  private async latestDeposits(userId: string) {
    const [rows, [total]] = await Promise.all([
      latestApprovedDeposits(this.deps.db, userId),
      this.deps.db
        .select({ n: count() })
        .from(deposits)
        .where(and(eq(deposits.userId, userId), eq(deposits.status, 'approved'))),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * The proposal for `withdrawalId` (404 unless it is this client's), else for the client's latest open
   * withdrawal; null when the client has none open.
   */
  private async returnToSource(
    userId: string,
    clientName: string,
    withdrawalId?: string,
  ): Promise<ReturnToSource | null> {
    const columns = {
      id: withdrawals.id,
      status: withdrawals.status,
      currency: withdrawals.withdrawalCurrency,
      amount: withdrawals.withdrawalAmount,
      method: withdrawals.withdrawalType,
      label: withdrawals.withdrawalPaymentName,
      identifier: withdrawals.destinationIdentifier,
      bankId: withdrawals.bankId,
    };
    const [w] = withdrawalId
      ? await this.deps.db
          .select(columns)
          .from(withdrawals)
          .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.userId, userId)))
      : await this.deps.db
          .select(columns)
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending', 'incomplete'])))
          .orderBy(desc(withdrawals.timestamp), desc(withdrawals.id))
          .limit(1);
    if (!w) {
      if (withdrawalId) throw new NotFound('This client has no withdrawal with this id.');
      return null;
    }
    const currency = (CURRENCIES as readonly string[]).includes(w.currency) ? (w.currency as Currency) : null;
    if (!currency) return null;

    const refundable = await this.refunds.refundable();
    const [{ sources, unknownRefundableCents }, banks] = await Promise.all([
      refundableSources(this.deps.db, { userId, currency, withdrawalId: w.id, refundable }),
      this.verifiedBanks(userId),
    ]);
    return proposeReturn({
      withdrawal: {
        id: w.id,
        status: w.status,
        currency,
        amountCents: Math.round(w.amount * 100),
        method: w.method,
        label: w.label,
        identifier: w.identifier,
        bankId: w.bankId,
      },
      sources,
      banks,
      clientName,
      unknownRefundableCents,
    });
  }

  /**
   * The client's approved bank accounts, oldest first, each with its holder name: the account's own
   * (`holder_name`, as the bank states it), else the one last given for it on a withdrawal, for the
   * accounts verified before holder names were kept (docs/product.md [evidence.rest]).
   */
  private async verifiedBanks(userId: string): Promise<BankIn[]> {
    // Written out with table names: drizzle leaves a column unqualified here, and "id" inside the
    // sub-select would be the withdrawal's.
    const holder = sql<string | null>`(
      select w.destination_holder from withdrawals w
      where w.user_id = ${userId} and w.bank_id = bank_accounts.id and w.destination_holder is not null
      order by w.timestamp desc limit 1)`;
    const rows = await this.deps.db
      .select({
        id: bankAccounts.id,
        iban: bankAccounts.bankIban,
        number: bankAccounts.bankAccountNumber,
        sortCode: bankAccounts.bankSortCode,
        ownHolder: bankAccounts.holderName,
        holder,
      })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.status, 'approved')))
      .orderBy(asc(bankAccounts.timestamp), asc(bankAccounts.id));
    return rows.map((r) => ({
      id: r.id,
      identifier: r.iban || `${r.number} / ${r.sortCode}`,
      holder: r.ownHolder.trim() ? r.ownHolder : r.holder,
    }));
  }
}
