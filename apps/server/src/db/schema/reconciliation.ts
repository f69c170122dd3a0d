import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, epoch } from './columns.ts';

/** Reconciliation with the platform: reports, mismatches, batches and alerts. */

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
    /** missing_deal | extra_deal | amount_differs | duplicate_deal | unapproved_deal */
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
          /** duplicate_deal (also when absent: written before migration 0021) or unapproved_deal. */
          kind?: string;
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
    /** duplicate_deal | unapproved_deal (migration 0021): why the deal is critical. */
    kind: text().notNull().default('duplicate_deal'),
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
