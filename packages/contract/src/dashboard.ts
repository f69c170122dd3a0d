import { z } from 'zod';
import { epochSchema, idSchema } from './common.ts';
import { currencySchema, menuCountersSchema } from './entities.ts';
import { approvalRequestTypeSchema } from './approvals.ts';
import { reconciliationStatusSchema } from './reconciliation.ts';

/**
 * The operations dashboard (the Home screen): what is waiting and for how long, what moved
 * today and over the last days, who decided what, and how the platform and reconciliation have been.
 * Two calls: the overview (queues, platform, reconciliation), small and refetched on every change, and
 * the activity (money and decisions by day in the staff member's time zone), which feeds the charts.
 */

/** The queues of the sidebar's counters (menu_counters), each with its oldest waiting item. */
export const DASHBOARD_QUEUES = menuCountersSchema.keyof().options;
export const dashboardQueueSchema = menuCountersSchema.keyof();
export type DashboardQueue = z.infer<typeof dashboardQueueSchema>;

export const queueSummarySchema = z.object({
  queue: dashboardQueueSchema,
  count: z.number().int().nonnegative(),
  /** When the oldest item still waiting arrived (epoch seconds); null when none waits. */
  oldestAt: epochSchema.nullable(),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

export const fourEyesSummarySchema = z.object({
  count: z.number().int().nonnegative(),
  oldestAt: epochSchema.nullable(),
  /** The request types and currencies with no threshold: four-eyes is off for them. */
  off: z.array(z.object({ requestType: approvalRequestTypeSchema, currency: z.string() })),
  byType: z.array(
    z.object({
      requestType: approvalRequestTypeSchema,
      count: z.number().int().nonnegative(),
      oldestAt: epochSchema,
    }),
  ),
});

/** A stretch of the last 24 hours during which a platform had one status. */
export const statusSpanSchema = z.object({ status: z.string(), from: epochSchema, to: epochSchema });
export type StatusSpan = z.infer<typeof statusSpanSchema>;

export const platformHistorySchema = z.object({
  platform: z.string(),
  /** OK, the reason it is not, or 'Not checked yet'. */
  status: z.string(),
  /** Since when it has this status (the last change); null when never checked. */
  since: epochSchema.nullable(),
  checkedAt: epochSchema.nullable(),
  /** Share of the known part of the last 24 hours spent OK, 0 to 1; null when nothing is known. */
  uptime24h: z.number().min(0).max(1).nullable(),
  /** The last 24 hours as stretches of one status, oldest first (only the known part). */
  spans: z.array(statusSpanSchema),
  /** The latest changes, newest first. */
  changes: z.array(z.object({ status: z.string(), at: epochSchema })),
});
export type PlatformHistory = z.infer<typeof platformHistorySchema>;

export const reconciliationRunSummarySchema = z.object({
  _id: idSchema,
  trigger: z.enum(['manual', 'daily']),
  status: reconciliationStatusSchema,
  /** One account's run names it; null for every live account. */
  login: z.number().int().nullable(),
  startedAt: epochSchema,
  finishedAt: epochSchema.nullable(),
  accountsChecked: z.number().int(),
  mismatchCount: z.number().int(),
});
export type ReconciliationRunSummary = z.infer<typeof reconciliationRunSummarySchema>;

/** GET /api/admin/dashboard/overview */
export const dashboardOverviewResponse = z.object({
  /** The server's time, so ages do not depend on the browser's clock. */
  now: epochSchema,
  queues: z.array(queueSummarySchema),
  fourEyes: fourEyesSummarySchema,
  platforms: z.array(platformHistorySchema),
  /** The latest runs, newest first (at most DASHBOARD_RECONCILIATION_RUNS). */
  reconciliation: z.array(reconciliationRunSummarySchema),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewResponse>;

export const DASHBOARD_RECONCILIATION_RUNS = 5;
export const DASHBOARD_PLATFORM_CHANGES = 10;
export const DASHBOARD_DAY_CHOICES = [7, 30, 90] as const;
export const DASHBOARD_MAX_DAYS = 90;

const UNKNOWN_ZONE = 'Unknown time zone.';
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/admin/dashboard/activity?days=30&tz=Europe/London */
export const dashboardActivityQuery = z.strictObject({
  /** Days ending with today (today included). */
  days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_DAYS).default(30),
  /** The IANA zone whose days are counted (the console's time-zone setting). */
  tz: z.string().min(1).max(64).refine(knownZone, UNKNOWN_ZONE).default('UTC'),
});
export type DashboardActivityQuery = z.input<typeof dashboardActivityQuery>;

export const moneyTotalSchema = z.object({
  currency: currencySchema,
  count: z.number().int(),
  amount: z.number(),
});
export type MoneyTotal = z.infer<typeof moneyTotalSchema>;

export const activityDaySchema = z.object({
  /** The local date, YYYY-MM-DD. */
  date: z.string(),
  /** Where the day begins (epoch seconds; local midnight, to the hour in zones with half-hour offsets). */
  start: epochSchema,
  deposits: z.array(moneyTotalSchema),
  withdrawals: z.array(moneyTotalSchema),
});
export type ActivityDay = z.infer<typeof activityDaySchema>;

export const decisionCountsSchema = z.object({
  approved: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export const staffDecisionsSchema = z.object({
  staffId: z.string(),
  /** "Name Surname", or the id of a staff member no longer on file. */
  name: z.string(),
  today: decisionCountsSchema,
  period: decisionCountsSchema,
});
export type StaffDecisions = z.infer<typeof staffDecisionsSchema>;

export const dashboardActivityResponse = z.object({
  tz: z.string(),
  /** Oldest first; the last one is today (so far). */
  days: z.array(activityDaySchema),
  /** Staff with a decision in the period, most decisions first. */
  staff: z.array(staffDecisionsSchema),
});
export type DashboardActivity = z.infer<typeof dashboardActivityResponse>;
