import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { epoch, id } from './columns.ts';
import { users } from './clients.ts';

/** Scheduled reports (docs/product.md [reports.*], migration 0029). */

/** A staff member subscribed by a SYSOP to a daily, weekly or monthly report in a time zone. */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: id(),
    staffId: text()
      .notNull()
      .references(() => users.id),
    /** daily | weekly | monthly */
    frequency: text().notNull(),
    timeZone: text().notNull(),
    createdAt: epoch().notNull(),
    createdBy: text().notNull(),
    cancelledAt: epoch(),
    cancelledBy: text(),
  },
  (t) => [
    // One live subscription per staff member, report and time zone.
    uniqueIndex('report_subscriptions_live_uq')
      .on(t.staffId, t.frequency, t.timeZone)
      .where(sql`${t.cancelledAt} is null`),
  ],
);

/**
 * One report of one subscription for one period: one mail. The scheduled run of a period is unique per
 * subscription, so with several servers the row is made once; a server claims it (`sending`, until
 * `claimedUntil`) before it sends, and records `sent` after: a server that stops in between leaves a
 * claim that runs out, and the mail goes again (at least once, docs/operations.md "Scheduled reports").
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: id(),
    subscriptionId: text()
      .notNull()
      .references(() => reportSubscriptions.id),
    staffId: text().notNull(),
    frequency: text().notNull(),
    timeZone: text().notNull(),
    periodFrom: epoch().notNull(),
    periodTo: epoch().notNull(),
    periodKey: text().notNull(),
    periodLabel: text().notNull(),
    /** scheduled | manual */
    trigger: text().notNull(),
    requestedBy: text(),
    /** pending | sending | sent | skipped */
    status: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: epoch().notNull(),
    claimedUntil: epoch(),
    /** The figures (reportFiguresSchema), read once: the PDF and the CSV are made from them. */
    figures: jsonb(),
    madeAt: epoch(),
    sentAt: epoch(),
    error: text().notNull().default(''),
    createdAt: epoch().notNull(),
  },
  (t) => [
    uniqueIndex('report_runs_scheduled_uq')
      .on(t.subscriptionId, t.periodFrom)
      .where(sql`${t.trigger} = 'scheduled'`),
    index('report_runs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('report_runs_subscription_idx').on(t.subscriptionId, t.createdAt.desc(), t.id.desc()),
    // The worker's pick: the few rows not sent yet.
    index('report_runs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
