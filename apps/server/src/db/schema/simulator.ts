import { bigint, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { epoch, money } from './columns.ts';

/** The simulator's ledger (PLATFORM=simulator). */

export const simAccounts = pgTable('sim_accounts', {
  login: bigint({ mode: 'number' }).primaryKey(),
  name: text().notNull(),
  groupName: text().notNull(),
  leverage: integer().notNull(),
  balance: money().notNull().default(0),
  passwordMain: text().notNull(),
  passwordInvestor: text().notNull(),
  createdAt: epoch().notNull(),
});

export const simDeals = pgTable(
  'sim_deals',
  {
    deal: serial().primaryKey(),
    login: bigint({ mode: 'number' }).notNull(),
    amount: money().notNull(),
    comment: text().notNull(),
    time: epoch().notNull(),
  },
  (t) => [
    index('sim_deals_login_comment_idx').on(t.login, t.comment),
    index('sim_deals_time_idx').on(t.time),
  ],
);

export const simSettings = pgTable(
  'sim_settings',
  { key: text().notNull(), value: text().notNull() },
  (t) => [primaryKey({ columns: [t.key] })],
);
