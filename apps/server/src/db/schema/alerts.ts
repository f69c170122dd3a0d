import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
