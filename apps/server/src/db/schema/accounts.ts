import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, epoch, money } from './columns.ts';
import { users } from './clients.ts';

/**
 * Trading accounts, leverage changes, sub-account requests and account groups (docs/product.md [entities]).
 */

export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    number: bigint({ mode: 'number' }).notNull(),
    platform: text().notNull().default('MT5'),
    live: boolean().notNull(),
    approved: boolean().notNull().default(false),
    managerGroup: text().notNull().default(''),
    accountGroup: text().notNull().default(''),
    type: text().notNull(),
    baseCurrency: text().notNull(),
    leverage: integer().notNull(),
    balance: money().notNull().default(0),
    equity: money().notNull().default(0),
    timeCreated: epoch().notNull(),
    timeApproved: epoch(),
    adminId: text().notNull().default(''),
    /**
     * The client's name, surname and email joined by U+001F, kept by triggers (migration 0014) for the
     * lists' client filter: one trigram-indexed condition instead of a sub-select of users.
     */
    clientSearch: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('trading_accounts_platform_number_uq').on(t.platform, t.number),
    index('trading_accounts_user_idx').on(t.userId),
    index('trading_accounts_live_created_idx').on(
      t.live,
      t.approved,
      t.timeCreated.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('trading_accounts_balance_sort_idx').on(t.live, t.approved, t.balance, t.id),
    index('trading_accounts_equity_sort_idx').on(t.live, t.approved, t.equity, t.id),
    index('trading_accounts_kind_created_idx').on(
      t.live,
      t.timeCreated.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Reconciliation's batches: the groups of the live accounts and their members (migration 0019).
    index('trading_accounts_live_group_idx')
      .on(t.platform, t.accountGroup, t.number)
      .where(sql`${t.live} and ${t.approved}`),
  ],
);

export const leverageChanges = pgTable(
  'leverage_changes',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    accountNumber: bigint({ mode: 'number' }).notNull(),
    accountType: text().notNull(),
    oldLeverage: text().notNull(),
    newLeverage: text().notNull(),
    status: text().notNull(),
    comment: text().notNull().default(''),
    timestamp: epoch().notNull(),
    mtStatus: text().notNull().default(''),
    // The client's name and email, kept by triggers (migration 0020) for the list's filter and sorts.
    clientSearch: text().notNull().default(''),
    clientName: text().notNull().default(''),
    clientEmail: text().notNull().default(''),
  },
  (t) => [
    index('leverage_changes_status_ts_idx').on(
      t.status,
      t.timestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('leverage_changes_user_idx').on(t.userId),
    index('leverage_changes_client_name_sort_idx').on(t.status, t.clientName, t.id),
    index('leverage_changes_client_email_sort_idx').on(t.status, t.clientEmail, t.id),
  ],
);

export const subAccountRequests = pgTable(
  'sub_account_requests',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    type: text().notNull(),
    live: boolean().notNull(),
    platform: text().notNull().default('MT5'),
    baseCurrency: text().notNull(),
    leverage: integer().notNull(),
    balance: money(),
    status: text().notNull(),
    comment: text().notNull().default(''),
    timeCreated: epoch().notNull(),
    adminRequested: boolean().notNull().default(false),
    accountId: text(),
    // The client's name and email, kept by triggers (migration 0020) for the list's filter and sorts.
    clientSearch: text().notNull().default(''),
    clientName: text().notNull().default(''),
    clientEmail: text().notNull().default(''),
  },
  (t) => [
    index('sub_account_requests_status_ts_idx').on(
      t.status,
      t.timeCreated.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('sub_account_requests_user_idx').on(t.userId),
    index('sub_account_requests_client_name_sort_idx').on(t.status, t.clientName, t.id),
    index('sub_account_requests_client_email_sort_idx').on(t.status, t.clientEmail, t.id),
  ],
);

export const groups = pgTable('groups', {
  groupId: text().primaryKey(),
  groupName: text().notNull(),
  groupStatus: text().notNull(),
  timestamp: epoch().notNull(),
  copy: text().notNull().default(''),
});
