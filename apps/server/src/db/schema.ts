import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One table per entity of SPEC 3, plus the server's own: sessions, sign-in tickets, password resets,
 * email confirmations, sign-in throttling, the audit log, the platform-operations outbox, platform
 * status and the simulator's ledger. Column names are snake_case (drizzle `casing`).
 * Times are epoch seconds (bigint), money is numeric(18,2), ids are 24 hex characters.
 */

const id = () => text().primaryKey();
const epoch = () => bigint({ mode: 'number' });
const money = () => numeric({ precision: 18, scale: 2, mode: 'number' });

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

export const groups = pgTable('groups', {
  groupId: text().primaryKey(),
  groupName: text().notNull(),
  groupStatus: text().notNull(),
  timestamp: epoch().notNull(),
  copy: text().notNull().default(''),
});

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

/** The single row of introducer quotas (SPEC 3: availableIbCodes, totalIbCodes, ...). */
export const ibQuota = pgTable('ib_quota', {
  id: smallint().primaryKey().default(1),
  availableIbCodes: integer().notNull(),
  totalIbCodes: integer().notNull(),
  availableSubcodes: integer().notNull(),
  totalSubcodes: integer().notNull(),
});

// ---- Server-side records the spec does not show ----

/** Staff sessions: the token's sid is 128+ random bits; only its SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: epoch().notNull(),
    lastActiveAt: epoch().notNull(),
    expiresAt: epoch().notNull(),
    revokedAt: epoch(),
    depositsSeenAt: epoch().notNull(),
    deviceType: text().notNull().default(''),
    browserName: text().notNull().default(''),
    ip: text().notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The step between password and emailed code: a ticket (hashed) with its code (hashed), tries and expiry. */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    tries: integer().notNull().default(0),
    /** Codes resent for this ticket (capped: resending does not mail without end). */
    resends: integer().notNull().default(0),
    createdAt: epoch().notNull(),
    expiresAt: epoch().notNull(),
    usedAt: epoch(),
  },
  (t) => [index('sign_in_tickets_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/**
 * Failure counters and locks of sign-in (auth/sign-in-limits.ts), keyed by normalised email whether or
 * not it exists: 'password|<email>|<address>', 'password|<email>', 'code|<email>'. account is the email,
 * so a password reset lifts every lock of the account.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    key: text().primaryKey(),
    account: text().notNull(),
    failures: integer().notNull().default(0),
    lockedUntil: epoch(),
    lastFailureAt: epoch().notNull(),
  },
  (t) => [index('sign_in_throttle_account_idx').on(t.account)],
);

/** Password reset and set-password links (hashed ids). A new link voids older ones; using one voids all. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: epoch().notNull(),
    expiresAt: epoch().notNull(),
    usedAt: epoch(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/** Email confirmation links (hashed ids); purpose 'verify' or 'setpassword'. */
export const emailConfirmations = pgTable('email_confirmations', {
  id: text().primaryKey(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text().notNull(),
  createdAt: epoch().notNull(),
  expiresAt: epoch().notNull(),
  usedAt: epoch(),
});

/**
 * Who did what, when, with before and after: every change to money or to a client, every sign-in.
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and chained: hash is SHA-256 over the row
 * and prev_hash, the hash of the row before it (audit/chain.ts). Rows written before the chain existed
 * have neither (see auditHead.unchainedThrough).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    at: epoch().notNull(),
    actorId: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text().notNull().default(''),
    prevHash: text(),
    hash: text(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_id_idx').on(t.entityId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_before_user_idx')
      .on(sql`(${t.before} ->> 'userId')`)
      .where(sql`(${t.before} ->> 'userId') is not null`),
    index('audit_log_after_user_idx')
      .on(sql`(${t.after} ->> 'userId')`)
      .where(sql`(${t.after} ->> 'userId') is not null`),
    // Two rows can never follow the same row: a forked chain is refused by the database itself.
    uniqueIndex('audit_log_prev_hash_uq').on(t.prevHash),
  ],
);

/**
 * The one row holding the end of the audit chain. audit() locks it (SELECT ... FOR UPDATE) before
 * appending, so concurrent writers queue up and the chain cannot fork; verification compares it with
 * the last row, so deleting the newest rows shows too.
 */
export const auditHead = pgTable('audit_head', {
  id: smallint().primaryKey().default(1),
  lastId: integer().notNull(),
  lastHash: text().notNull(),
  /** Rows with ids up to this were written before the chain existed and carry no hash. */
  unchainedThrough: integer().notNull(),
});

/**
 * The platform-operations outbox: written in the same transaction as the state change it serves,
 * run by a worker outside any transaction. The idempotency key is also the deal comment on MT5.
 */
export const platformOperations = pgTable(
  'platform_operations',
  {
    id: id(),
    idempotencyKey: text().notNull(),
    /** The request it serves: 'dep:<id>' for 'dep:<id>' and its repeats 'dep:<id>:<n>'. */
    baseKey: text().notNull(),
    platform: text().notNull().default('MT5'),
    kind: text().notNull(),
    /** The platform login it acts on: one login's operations run one at a time, in `seq` order. */
    login: bigint({ mode: 'number' }).notNull(),
    /** Approval order, one sequence for every server. */
    seq: bigserial({ mode: 'number' }).notNull(),
    payload: jsonb().notNull(),
    /** queued | running | succeeded | failed */
    state: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: epoch().notNull(),
    lockedUntil: epoch(),
    /** Set while an earlier send's outcome is unknown: nothing is sent again before this time. */
    settleUntil: epoch(),
    result: jsonb(),
    lastError: text().notNull().default(''),
    createdAt: epoch().notNull(),
    updatedAt: epoch().notNull(),
  },
  (t) => [
    uniqueIndex('platform_operations_key_uq').on(t.idempotencyKey),
    index('platform_operations_due_idx').on(t.state, t.nextAttemptAt),
    index('platform_operations_base_idx').on(t.baseKey),
    index('platform_operations_open_login_idx')
      .on(t.platform, t.login, t.seq)
      .where(sql`state IN ('queued', 'running')`),
    index('platform_operations_open_seq_idx')
      .on(t.seq)
      .where(sql`state IN ('queued', 'running')`),
    index('platform_operations_login_kind_idx').on(t.login, t.kind, t.seq),
    index('platform_operations_settled_idx')
      .on(t.updatedAt)
      .where(sql`state IN ('succeeded', 'failed')`),
  ],
);

/** Settled operations older than OPERATIONS_RETENTION_DAYS, moved out of the hot table, never deleted. */
export const platformOperationsArchive = pgTable(
  'platform_operations_archive',
  {
    id: id(),
    idempotencyKey: text().notNull(),
    baseKey: text().notNull(),
    platform: text().notNull(),
    kind: text().notNull(),
    login: bigint({ mode: 'number' }).notNull(),
    seq: bigint({ mode: 'number' }).notNull(),
    payload: jsonb().notNull(),
    state: text().notNull(),
    attempts: integer().notNull(),
    result: jsonb(),
    lastError: text().notNull(),
    createdAt: epoch().notNull(),
    updatedAt: epoch().notNull(),
    archivedAt: epoch().notNull(),
  },
  (t) => [
    uniqueIndex('platform_operations_archive_key_uq').on(t.idempotencyKey),
    index('platform_operations_archive_base_idx').on(t.baseKey),
  ],
);

/** The last status the checker saw per platform (sidebar lights). */
export const platformStatus = pgTable('platform_status', {
  platform: text().primaryKey(),
  status: text().notNull(),
  lastWorking: epoch(),
  checkedAt: epoch().notNull(),
});

/** Mail kept for the development outbox when SMTP_URL is unset. */
export const devOutbox = pgTable('dev_outbox', {
  id: serial().primaryKey(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  sentAt: epoch().notNull(),
});

// ---- The simulator's ledger (PLATFORM=simulator) ----

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

// ---- Reconciliation with the platform ----

/**
 * A reconciliation run and its result, kept: who ran it (null for the daily run), which account (null
 * for every live account) and period, and what it found. A daily run claims its day with a 'running'
 * row; the partial unique index lets only one live daily run per day exist across servers.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: id(),
    /** manual | daily */
    trigger: text().notNull(),
    /** running | ok | mismatches | failed */
    status: text().notNull(),
    login: bigint({ mode: 'number' }),
    periodFrom: epoch().notNull(),
    periodTo: epoch().notNull(),
    startedAt: epoch().notNull(),
    finishedAt: epoch(),
    actorId: text(),
    accountsChecked: integer().notNull().default(0),
    legsChecked: integer().notNull().default(0),
    dealsChecked: integer().notNull().default(0),
    mismatchCount: integer().notNull().default(0),
    error: text().notNull().default(''),
    /** Set at the start and every minute while it runs; a 'running' row whose beat stopped was left by a dead server. */
    heartbeatAt: epoch(),
  },
  (t) => [
    index('reconciliation_reports_started_idx').on(t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reconciliation_reports_login_idx').on(t.login, t.startedAt.desc().nullsFirst()),
    uniqueIndex('reconciliation_reports_daily_uq')
      .on(t.periodFrom)
      .where(sql`${t.trigger} = 'daily' and ${t.status} <> 'failed'`),
  ],
);

/** One difference a run found: a deal missing, a deal extra, or a deal of another amount. */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: serial().primaryKey(),
    reportId: text()
      .notNull()
      .references(() => reconciliationReports.id),
    /** missing_deal | extra_deal | amount_differs */
    kind: text().notNull(),
    login: bigint({ mode: 'number' }).notNull(),
    requestType: text(),
    requestId: text(),
    requestStatus: text(),
    leg: text(),
    userId: text(),
    currency: text().notNull().default(''),
    expectedAmount: numeric({ precision: 18, scale: 2, mode: 'number' }),
    approvedAt: epoch(),
    dealId: text(),
    dealAmount: numeric({ precision: 18, scale: 2, mode: 'number' }),
    dealTime: epoch(),
    comment: text().notNull().default(''),
    note: text().notNull().default(''),
    /** A duplicate_deal: money moved twice (migration 0011). */
    critical: boolean().notNull().default(false),
  },
  (t) => [index('reconciliation_mismatches_report_idx').on(t.reportId, t.id)],
);

/**
 * A finished batch of a reconciliation run (one account group, or a range of logins read one by one)
 * and what it found; its mismatches are written in the same transaction. A run that resumes skips the
 * batches it has, and the report's totals are their sums (migration 0019).
 */
export const reconciliationBatches = pgTable(
  'reconciliation_batches',
  {
    reportId: text()
      .notNull()
      .references(() => reconciliationReports.id),
    /** `group:<name>` or `logins:<first login of the range>` */
    batch: text().notNull(),
    accountsChecked: integer().notNull().default(0),
    dealsChecked: integer().notNull().default(0),
    mismatchCount: integer().notNull().default(0),
    /** The operation keys found on an account more than once: raised as alerts when the run ends. */
    duplicates: jsonb()
      .$type<
        {
          login: number;
          comment: string;
          dealIds: string[];
          requestType: string | null;
          requestId: string | null;
        }[]
      >()
      .notNull()
      .default([]),
    finishedAt: epoch().notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.batch] })],
);

/**
 * An operation key (deal comment) found on the platform more than once for one account: the money moved
 * twice. One row per login and comment across reports; open until staff acknowledge it, and opened again
 * if a later run finds more deals under it. The sidebar's red badge on Reconciliation counts open ones.
 */
export const reconciliationAlerts = pgTable(
  'reconciliation_alerts',
  {
    id: id(),
    login: bigint({ mode: 'number' }).notNull(),
    comment: text().notNull(),
    dealCount: integer().notNull(),
    dealIds: jsonb().$type<string[]>().notNull().default([]),
    requestType: text(),
    requestId: text(),
    /** The report that found it (or found more deals under it) last. */
    reportId: text()
      .notNull()
      .references(() => reconciliationReports.id),
    foundAt: epoch().notNull(),
    lastSeenAt: epoch().notNull(),
    acknowledgedAt: epoch(),
    acknowledgedBy: text(),
  },
  (t) => [
    uniqueIndex('reconciliation_alerts_key_uq').on(t.login, t.comment),
    index('reconciliation_alerts_open_idx')
      .on(t.foundAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.acknowledgedAt} is null`),
  ],
);

// ---- Four-eyes approvals (migration 0005) ----

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

// ---- Sidebar counters (migration 0014) ----

/**
 * The menu counters (GET getNewRequestsCount), one row each: `n` rows of `table_name` match `predicate`.
 * Kept by statement-level triggers in the same transaction as every change to those tables, so reading
 * them costs the same at any size.
 */
export const menuCounters = pgTable('menu_counters', {
  name: text().primaryKey(),
  tableName: text().notNull(),
  predicate: text().notNull(),
  n: bigint({ mode: 'number' }).notNull().default(0),
});

// ---- The operations dashboard (migration 0016) ----

/**
 * Approved deposits and withdrawals per hour (epoch seconds / 3600), kind and currency, by approval
 * time. Kept by statement-level triggers on deposits and withdrawals in the same transaction as each
 * change; hours so that a day can be the staff member's own, in their time zone.
 */
export const fundingHourly = pgTable(
  'funding_hourly',
  {
    hour: integer().notNull(),
    /** deposit | withdrawal */
    kind: text().notNull(),
    currency: text().notNull(),
    n: bigint({ mode: 'number' }).notNull().default(0),
    amount: numeric({ precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'funding_hourly_pk', columns: [t.hour, t.kind, t.currency] })],
);

/** Approvals and rejections per staff member and hour, kept by a trigger on the audit trail. */
export const staffDecisionsHourly = pgTable(
  'staff_decisions_hourly',
  {
    hour: integer().notNull(),
    staffId: text().notNull(),
    approved: integer().notNull().default(0),
    rejected: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'staff_decisions_hourly_pk', columns: [t.hour, t.staffId] })],
);

/** Each change of a platform's status (a trigger on platform_status), kept 90 days. */
export const platformStatusHistory = pgTable(
  'platform_status_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    platform: text().notNull(),
    status: text().notNull(),
    at: epoch().notNull(),
  },
  (t) => [
    index('platform_status_history_platform_at_idx').on(
      t.platform,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

// ---- Table settings and saved views (migration 0015) ----

/** A staff member's columns and density of one list (issue 20). hiddenColumns null: the list's defaults. */
export const listPreferences = pgTable(
  'list_preferences',
  {
    staffId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text().notNull(),
    hiddenColumns: jsonb().$type<string[]>(),
    density: text().notNull().default('comfortable'),
    updatedAt: epoch().notNull(),
  },
  (t) => [primaryKey({ name: 'list_preferences_pk', columns: [t.staffId, t.list] })],
);

/** A named set of filters, sort, page size and columns of one list, saved by a staff member (issue 20). */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    staffId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text().notNull(),
    name: text().notNull(),
    state: jsonb().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: epoch().notNull(),
    updatedAt: epoch().notNull(),
  },
  (t) => [
    uniqueIndex('saved_views_name_uq').on(t.staffId, t.list, sql`lower(${t.name})`),
    uniqueIndex('saved_views_default_uq')
      .on(t.staffId, t.list)
      .where(sql`${t.isDefault}`),
  ],
);
