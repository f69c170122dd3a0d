import { bigint, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Sidebar counters (migration 0014) and the operations dashboard tallies (migration 0016). */

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
