import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, epoch } from './columns.ts';
import { users } from './clients.ts';

/**
 * Introducing brokers: IB requests, codes, sub-codes, quotas and partner email settings
 * (docs/product.md [entities]).
 */

export const ibRequests = pgTable(
  'ib_requests',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    question1: text().notNull().default(''),
    answer1: text().notNull().default(''),
    question2: text().notNull().default(''),
    answer2: text().notNull().default(''),
    question3: text().notNull().default(''),
    answer3: text().notNull().default(''),
    question4: text().notNull().default(''),
    answer4: text().notNull().default(''),
    status: text().notNull(),
    errorMessage: text().notNull().default(''),
    comment: text().notNull().default(''),
    timestamp: epoch().notNull(),
    // The client's name and email, kept by triggers (migration 0020) for the list's filter and sorts.
    clientSearch: text().notNull().default(''),
    clientName: text().notNull().default(''),
    clientEmail: text().notNull().default(''),
  },
  (t) => [
    index('ib_requests_status_ts_idx').on(t.status, t.timestamp.desc().nullsFirst()),
    index('ib_requests_user_idx').on(t.userId),
    index('ib_requests_client_name_sort_idx').on(t.status, t.clientName, t.id),
    index('ib_requests_client_email_sort_idx').on(t.status, t.clientEmail, t.id),
  ],
);

export const partnerEmailSettings = pgTable('partner_email_settings', {
  partnerId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  agentCode: integer(),
  partnerUserRegistered: boolean().notNull().default(true),
  partnerUserApproved: boolean().notNull().default(true),
  partnerUserKycApproved: boolean().notNull().default(true),
  partnerUserDeposited: boolean().notNull().default(true),
  partnerUserWithdrawalRequest: boolean().notNull().default(true),
});

export const ibCodes = pgTable(
  'ib_codes',
  {
    id: id(),
    name: text().notNull(),
    code: text().notNull(),
    agentCode: integer().notNull(),
    statusCode: text().notNull(),
    link: text().notNull(),
    timestamp: epoch().notNull(),
    timeCreated: epoch().notNull(),
    timeApproved: epoch(),
  },
  (t) => [uniqueIndex('ib_codes_agent_code_uq').on(t.agentCode)],
);

/** Sub-codes generated for an introducer; each makes a link {host}/register/{agentCode}?access={code}. */
export const generatedCodes = pgTable(
  'generated_codes',
  {
    id: id(),
    agentCode: integer().notNull(),
    name: text().notNull(),
    code: text().notNull(),
    timestamp: epoch().notNull(),
  },
  (t) => [
    index('generated_codes_agent_idx').on(t.agentCode),
    uniqueIndex('generated_codes_code_uq').on(t.code),
  ],
);

/** The single row of introducer quotas (docs/product.md [entities]: availableIbCodes, totalIbCodes, ...). */
export const ibQuota = pgTable('ib_quota', {
  id: smallint().primaryKey().default(1),
  availableIbCodes: integer().notNull(),
  totalIbCodes: integer().notNull(),
  availableSubcodes: integer().notNull(),
  totalSubcodes: integer().notNull(),
});
