import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { epoch, id, money } from './columns.ts';
import { users } from './clients.ts';

/**
 * Alerts on clients' money (docs/product.md [alerts]): one row per rule and request, whatever how often
 * the rules run (`dedupe_key`), with the facts that fired it and how staff resolved it (migration 0026).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    /** deposit | withdrawal; null for an alert about the client rather than one request. */
    requestType: text(),
    requestId: text(),
    rule: text().notNull(),
    /** `<rule>:<requestType>:<requestId>`: a rule raises one alert per request. */
    dedupeKey: text().notNull(),
    facts: jsonb().notNull(),
    /** open | cleared | confirmed */
    status: text().notNull().default('open'),
    assignedTo: text(),
    assignedAt: epoch(),
    note: text(),
    resolvedBy: text(),
    resolvedAt: epoch(),
    createdAt: epoch().notNull(),
  },
  (t) => [
    uniqueIndex('alerts_dedupe_uq').on(t.dedupeKey),
    // The screen's list: one status, newest first.
    index('alerts_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('alerts_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * The rules' settings (docs/product.md [alerts.thresholds]); `currency` is '' for a setting that is not
 * money. The migration inserts the defaults; a SYSOP changes them.
 */
export const alertThresholds = pgTable(
  'alert_thresholds',
  {
    rule: text().notNull(),
    setting: text().notNull(),
    currency: text().notNull().default(''),
    value: money().notNull(),
    updatedBy: text().notNull(),
    updatedAt: epoch().notNull(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.setting, t.currency] })],
);

/**
 * Whether money paid in by a deposit method may go back the same way (docs/product.md
 * [evidence.refundable]); a SYSOP changes it. A method with no row is not refundable (migration 0027).
 */
export const refundableMethods = pgTable('refundable_methods', {
  method: text().primaryKey(),
  refundable: boolean().notNull(),
  updatedBy: text().notNull(),
  updatedAt: epoch().notNull(),
});

/**
 * What the alert rules still have to look at (docs/product.md [alerts.when]): a deposit or withdrawal
 * created or changed status, a bank account added or changed ('bank-account'), a client's phone changed
 * ('client'). Filled by triggers in the writer's transaction, whoever the writer is (this server, the
 * client portal); drained after the commit by AlertQueue. `claim` marks the rows a drain has taken.
 */
export const alertQueue = pgTable(
  'alert_queue',
  {
    kind: text().notNull(),
    subjectId: text().notNull(),
    queuedAt: epoch().notNull(),
    claim: text(),
    claimedAt: epoch(),
    attempts: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] }), index('alert_queue_queued_idx').on(t.queuedAt)],
);

/**
 * When a client's bank details were added or changed (docs/product.md [alerts.rules] bank-details-changed),
 * kept by triggers on bank_accounts whoever writes them: `added` at the account's own time, `changed` at
 * the database's time of the change.
 */
export const bankDetailChanges = pgTable(
  'bank_detail_changes',
  {
    bankAccountId: text().notNull(),
    userId: text().notNull(),
    /** added | changed */
    change: text().notNull(),
    /** The IBAN, else the account number with its sort code, after the change. */
    identifier: text().notNull(),
    at: epoch().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bankAccountId, t.at, t.change] }),
    index('bank_detail_changes_user_idx').on(t.userId, t.at.desc()),
  ],
);
