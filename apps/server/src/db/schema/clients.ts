import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, epoch } from './columns.ts';

/** Clients, their applications, KYC documents, bank accounts and logs (docs/product.md [entities]). */

export const users = pgTable(
  'users',
  {
    id: id(),
    role: text().notNull().default('USER'),
    title: text(),
    name: text().notNull(),
    surname: text().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    mobilePhone: text().notNull().default(''),
    birthDay: smallint(),
    birthMonth: smallint(),
    birthYear: smallint(),
    addressNo: text().notNull().default(''),
    address: text().notNull().default(''),
    city: text().notNull().default(''),
    postcode: text().notNull().default(''),
    county: text().notNull().default(''),
    country: text().notNull().default(''),
    nationality: text().notNull().default(''),
    status: text().notNull().default('new'),
    accountType: text().notNull().default('Individual'),
    reason: text().notNull().default(''),
    agentCode: integer(),
    nullpointCmpId: text().notNull().default(''),
    emailVerified: boolean().notNull().default(false),
    eKycApproved: boolean().notNull().default(false),
    eKycPending: boolean().notNull().default(false),
    eKycFlagged: boolean().notNull().default(false),
    registered: boolean().notNull().default(false),
    firstAccountCreated: boolean().notNull().default(false),
    timestamp: epoch().notNull(),
    hubspotLifecycleId: text(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_status_ts_idx').on(t.status, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_ts_idx').on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sorts the client list offers most (migration 0008).
    index('users_name_sort_idx').on(t.name, t.id),
    index('users_email_sort_idx').on(t.email, t.id),
    index('users_partners_ts_idx')
      .on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.role} = 'PARTNER' and ${t.agentCode} is not null`),
    index('users_agent_code_idx').on(t.agentCode),
    // The partner who holds an IB code, looked up per code by search and the IB screens.
    index('users_partner_agent_idx')
      .on(t.agentCode, t.id)
      .where(sql`${t.role} = 'PARTNER'`),
    // Staff among a million clients (migration 0013): the staff list and getAdmins
    // read only these rows (0014 adds no second one).
    index('users_staff_idx')
      .on(t.role, t.id)
      .where(sql`${t.role} in ('ADMIN', 'SYSOP')`),
  ],
);

export const applications = pgTable('applications', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  user: jsonb().notNull(),
  employmentIncome: jsonb().notNull(),
  tradingExperience: jsonb().notNull(),
  tradingPreferences: jsonb().notNull(),
});

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** IDENTITY or PROOF_OF_RESIDENCE */
    kind: text().notNull(),
    idDocType: text().notNull(),
    imageIds: jsonb().notNull().default([]),
    uploaded: boolean().notNull().default(false),
    verified: boolean().notNull().default(false),
    inspectionId: text().notNull().default(''),
    timestamp: epoch().notNull(),
  },
  (t) => [index('kyc_documents_user_idx').on(t.userId)],
);

export const clientLogs = pgTable(
  'client_logs',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timestamp: epoch().notNull(),
    event: text().notNull(),
    actionedBy: text().notNull(),
    customName: text().notNull().default(''),
  },
  (t) => [index('client_logs_user_ts_idx').on(t.userId, t.timestamp.desc().nullsFirst())],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    bankName: text().notNull(),
    bankAddress: text().notNull().default(''),
    bankCountry: text().notNull(),
    bankAccountCurrency: text().notNull(),
    bankAccountNumber: text().notNull().default(''),
    bankSortCode: text().notNull().default(''),
    bankIban: text().notNull().default(''),
    bankSwift: text().notNull().default(''),
    bankPoa: text().notNull().default(''),
    /** The account holder's name as the bank states it (docs/product.md [evidence.rest]); '' when not given. */
    holderName: text().notNull().default(''),
    status: text().notNull(),
    comment: text().notNull().default(''),
    timestamp: epoch().notNull(),
    changeDocument: boolean().notNull().default(false),
    // The client's name and email, kept by triggers (migration 0020) for the list's filter and sorts.
    clientSearch: text().notNull().default(''),
    clientName: text().notNull().default(''),
    clientEmail: text().notNull().default(''),
  },
  (t) => [
    index('bank_accounts_client_name_sort_idx').on(t.status, t.clientName, t.id),
    index('bank_accounts_client_email_sort_idx').on(t.status, t.clientEmail, t.id),
    index('bank_accounts_status_ts_idx').on(
      t.status,
      t.timestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bank_accounts_user_idx').on(t.userId, t.status),
  ],
);
