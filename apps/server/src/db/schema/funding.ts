import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, epoch, money } from './columns.ts';
import { users } from './clients.ts';

/**
 * Deposits, withdrawals and internal transfers (docs/product.md [entities]), and their four-eyes approvals
 * (migration 0005).
 */

export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    timestamp: epoch().notNull(),
    transactionId: text().notNull().default(''),
    paymentGatewayService: text().notNull().default(''),
    depositType: text().notNull().default(''),
    depositPaymentName: text().notNull().default(''),
    depositCurrency: text().notNull(),
    depositAmountSent: money().notNull(),
    accountNumber: bigint({ mode: 'number' }).notNull(),
    accountPlatform: text().notNull().default('MT5'),
    status: text().notNull(),
    adminId: text().notNull().default(''),
    timeApproved: epoch(),
    timeRejected: epoch(),
    comment: text().notNull().default(''),
    modifyDealAmount: boolean().notNull().default(false),
    dontEmailUser: boolean().notNull().default(false),
    mtStatus: text().notNull().default(''),
    /**
     * The client's name, surname and email joined by U+001F, kept by triggers (migration 0014) for the
     * lists' client filter: one trigram-indexed condition instead of a sub-select of users.
     */
    clientSearch: text().notNull().default(''),
    /**
     * Where the money came from, as the payment side names it (migration 0024): a masked card
     * ("4111 **** 1111", never the whole number), a wallet address, an IBAN or "account / sort code", an
     * e-wallet id. Null when the request did not carry one (every row older than the column): the
     * money picture shows it as "source unknown" (docs/product.md [evidence.identifiers]).
     */
    sourceIdentifier: text(),
  },
  (t) => [
    index('deposits_status_ts_idx').on(t.status, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('deposits_user_idx').on(t.userId, t.timestamp.desc().nullsFirst()),
    // The tabs that are a NOT IN over statuses walk time order; the amount sort (migration 0008).
    index('deposits_ts_idx').on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('deposits_amount_sort_idx').on(t.depositAmountSent, t.id),
    // Reconciliation: the deposits credited on the platform, by approval time.
    index('deposits_platform_done_idx')
      .on(t.timeApproved, t.accountNumber)
      .where(sql`${t.status} = 'approved' and ${t.mtStatus} = 'SUCCESS'`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    gateway: text().notNull().default(''),
    paymentGatewayService: text().notNull().default(''),
    requestId: text().notNull().default(''),
    withdrawalType: text().notNull(),
    withdrawalPaymentName: text().notNull().default(''),
    cryptoCurrency: text().notNull().default(''),
    withdrawalCurrency: text().notNull(),
    withdrawalAmount: money().notNull(),
    accountNumber: bigint({ mode: 'number' }).notNull(),
    timestamp: epoch().notNull(),
    timeApproved: epoch(),
    /** When staff rejected it (migration 0011); timeApproved stays empty for a rejection. */
    timeRejected: epoch(),
    adminId: text().notNull().default(''),
    status: text().notNull(),
    comment: text().notNull().default(''),
    dontEmailUser: boolean().notNull().default(false),
    modifyDealAmount: boolean().notNull().default(false),
    mtStatus: text().notNull().default(''),
    bankId: text().notNull().default(''),
    providerHandled: boolean().notNull().default(false),
    providerOrderId: text().notNull().default(''),
    providerStatus: text().notNull().default(''),
    providerPayoutStatus: text().notNull().default(''),
    /**
     * Where the money goes, named as for a deposit's sourceIdentifier (migration 0024); null when the
     * request did not carry one (docs/product.md [evidence.identifiers]).
     */
    destinationIdentifier: text(),
    /**
     * The account holder's name the client gave for the destination (migration 0024). Bank accounts keep
     * no holder name of their own, so a bank account's holder is the one given on the withdrawals to it
     * (docs/product.md [evidence.return-to-source], docs/decisions.md "Holder name of a bank account").
     */
    destinationHolder: text(),
    /**
     * The client's name, surname and email joined by U+001F, kept by triggers (migration 0014) for the
     * lists' client filter: one trigram-indexed condition instead of a sub-select of users.
     */
    clientSearch: text().notNull().default(''),
  },
  (t) => [
    index('withdrawals_status_ts_idx').on(
      t.status,
      t.timestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('withdrawals_user_idx').on(t.userId, t.timestamp.desc().nullsFirst()),
    // The tabs that are a NOT IN over statuses walk time order; the amount sort (migration 0008).
    index('withdrawals_ts_idx').on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('withdrawals_amount_sort_idx').on(t.withdrawalAmount, t.id),
    // Reconciliation: the withdrawals debited on the platform, by approval time.
    index('withdrawals_platform_done_idx')
      .on(t.timeApproved, t.accountNumber)
      .where(sql`${t.status} = 'approved' and ${t.mtStatus} = 'SUCCESS'`),
    // The Orders table: card-provider withdrawals newest first (migration 0014).
    index('withdrawals_provider_ts_idx')
      .on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.providerHandled}`),
    // Provider sync: the open card-provider orders, walked by id (migration 0011).
    index('withdrawals_provider_open_idx')
      .on(t.id)
      .where(
        sql`${t.providerHandled} and ${t.status} in ('pending', 'incomplete') and ${t.providerStatus} <> 'PROCESSED'`,
      ),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    sourceAccount: bigint({ mode: 'number' }).notNull(),
    sourceAccountPlatform: text().notNull().default('MT5'),
    destinationAccount: bigint({ mode: 'number' }).notNull(),
    destinationAccountPlatform: text().notNull().default('MT5'),
    transferCurrency: text().notNull(),
    transferAmount: money().notNull(),
    sourceMtStatus: text().notNull().default(''),
    destinationMtStatus: text().notNull().default(''),
    timestamp: epoch().notNull(),
    status: text().notNull(),
    times: jsonb().notNull().default({}),
    comment: text().notNull().default(''),
    /**
     * The client's name, surname and email joined by U+001F, kept by triggers (migration 0014) for the
     * lists' client filter: one trigram-indexed condition instead of a sub-select of users.
     */
    clientSearch: text().notNull().default(''),
  },
  (t) => [
    index('transfers_status_ts_idx').on(t.status, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transfers_user_idx').on(t.userId, t.timestamp.desc().nullsFirst()),
    // The tabs that are a NOT IN over statuses walk time order; the amount sort (migration 0008).
    index('transfers_ts_idx').on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transfers_amount_sort_idx').on(t.transferAmount, t.id),
    // Reconciliation: transfers by approval time (times.approved).
    index('transfers_approved_at_idx')
      .on(sql`((${t.times} ->> 'approved')::bigint)`)
      .where(sql`(${t.times} ->> 'approved') is not null`),
  ],
);

/** Above `amount` (strictly) a request of this type and currency needs two approvals. Set by a SYSOP. */
export const approvalThresholds = pgTable(
  'approval_thresholds',
  {
    /** deposit | withdrawal | transfer */
    requestType: text().notNull(),
    currency: text().notNull(),
    amount: money().notNull(),
    updatedBy: text().notNull(),
    updatedAt: epoch().notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestType, t.currency] })],
);

/**
 * The approvals of a request above its threshold: the first approver's, then a different staff
 * member's second, which runs the decision. At most one is awaiting per request (partial unique index).
 */
export const fundingApprovals = pgTable(
  'funding_approvals',
  {
    id: id(),
    requestType: text().notNull(),
    requestId: text().notNull(),
    /** approve_process | approved: the decision both approvers agree on. */
    action: text().notNull(),
    amount: money().notNull(),
    currency: text().notNull(),
    /** The threshold the amount was above at the first approval. */
    threshold: money().notNull(),
    /** awaiting | approved | cancelled */
    state: text().notNull(),
    firstBy: text().notNull(),
    firstAt: epoch().notNull(),
    firstComment: text().notNull().default(''),
    secondBy: text(),
    secondAt: epoch(),
    secondComment: text(),
    cancelledBy: text(),
    cancelledAt: epoch(),
  },
  (t) => [
    uniqueIndex('funding_approvals_awaiting_uq')
      .on(t.requestType, t.requestId)
      .where(sql`${t.state} = 'awaiting'`),
    index('funding_approvals_request_idx').on(t.requestType, t.requestId, t.firstAt),
    // The dashboard's count and oldest of the approvals waiting for a second approver (migration 0016).
    index('funding_approvals_awaiting_idx')
      .on(t.requestType, t.firstAt)
      .where(sql`${t.state} = 'awaiting'`),
  ],
);
