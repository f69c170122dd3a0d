import { z } from 'zod';
import { amountSchema, epochSchema, idSchema } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';

/**
 * Scheduled reports (docs/product.md [screen.reports], [reports.*]): a SYSOP subscribes staff members to a
 * daily, weekly or monthly report in a time zone of the subscription's own; each period's report is mailed
 * as a PDF with the figures as CSV, and kept: the /reports screen lists them, opens and downloads them, and
 * runs one now for a past period.
 */

/** Actions this area writes to the audit trail. */
export const REPORT_ACTIONS = {
  subscribed: 'report.subscribed',
  unsubscribed: 'report.unsubscribed',
  ranNow: 'report.run-now',
  sent: 'report.sent',
  skipped: 'report.skipped',
  downloaded: 'report.downloaded',
} as const;

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const reportFrequencySchema = z.enum(REPORT_FREQUENCIES);
export type ReportFrequency = z.infer<typeof reportFrequencySchema>;
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly (Monday to Sunday)',
  monthly: 'Monthly',
};

/** Periods missed while every server was down that are still sent when one is back (the newest ones). */
export const REPORT_CATCH_UP_PERIODS = 3;
export const REPORT_PAGE_SIZES = { sizes: [10, 25, 50], initial: 10 } as const;

export const REPORT_MESSAGES = {
  notStaff: 'Reports go to staff members only: this user is not an active staff member.',
  badTimeZone: 'Not a time zone: use a name such as Europe/London or UTC.',
  futurePeriod: 'This period has not ended yet: a report covers a past period.',
  badDate: 'A day as YYYY-MM-DD.',
  duplicate: 'This staff member already has this report in this time zone.',
  cancelled: 'This subscription is cancelled.',
  notMadeYet: 'This report has not been made yet: it is made when it is sent.',
} as const;

/** An IANA time zone name the runtime knows (the server's and the browser's Intl). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, REPORT_MESSAGES.badTimeZone)
  .max(64)
  .refine(isTimeZone, REPORT_MESSAGES.badTimeZone);

/** A calendar day, YYYY-MM-DD, that exists. */
export const dayStringSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MESSAGES.badDate)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, REPORT_MESSAGES.badDate);

export const reportSubscriptionSchema = z.object({
  _id: idSchema,
  staffId: idSchema,
  staffName: z.string(),
  staffEmail: z.string(),
  frequency: reportFrequencySchema,
  timeZone: z.string(),
  createdAt: epochSchema,
  createdBy: z.string(),
  cancelledAt: epochSchema.nullable(),
  /** The newest period mailed to this subscriber (its label), or null before the first. */
  lastSent: z.object({ label: z.string(), at: epochSchema }).nullable(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

export const reportSubscriptionsResponse = z.object({ subscriptions: z.array(reportSubscriptionSchema) });

export const subscribeReportRequest = z.strictObject({
  staffId: idSchema,
  frequency: reportFrequencySchema,
  timeZone: timeZoneSchema,
});
export type SubscribeReportRequest = z.infer<typeof subscribeReportRequest>;

/** Run now: the subscription's report for the period (in its time zone) that holds `day`. */
export const runReportRequest = z.strictObject({
  subscriptionId: idSchema,
  day: dayStringSchema,
});
export type RunReportRequest = z.infer<typeof runReportRequest>;

export const REPORT_TRIGGERS = ['scheduled', 'manual'] as const;
/**
 * pending: waiting for the worker (or its next try after a failed send); sending: claimed by a server;
 * sent: mailed; skipped: not mailed (the subscriber is no longer staff, or the subscription was cancelled).
 */
export const REPORT_STATUSES = ['pending', 'sending', 'sent', 'skipped'] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const reportPeriodSchema = z.object({
  frequency: reportFrequencySchema,
  timeZone: z.string(),
  /** First second of the period, and the first second after it (local midnights in the time zone). */
  from: epochSchema,
  to: epochSchema,
  /** For files: 2026-03-14, 2026-W11, 2026-03. */
  key: z.string(),
  /** For people: "Saturday 14 March 2026", "Week 11, 9 to 15 March 2026", "March 2026". */
  label: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportRowSchema = z.object({
  _id: idSchema,
  subscriptionId: idSchema,
  staffName: z.string(),
  staffEmail: z.string(),
  period: reportPeriodSchema,
  trigger: z.enum(REPORT_TRIGGERS),
  /** Who ran it now; null for the scheduled run. */
  requestedBy: z.string().nullable(),
  status: reportStatusSchema,
  attempts: z.number().int(),
  createdAt: epochSchema,
  madeAt: epochSchema.nullable(),
  sentAt: epochSchema.nullable(),
  error: z.string(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

const count = z.number().int().nonnegative();
const moneySchema = z.object({ count, amount: amountSchema });

/** The figures of one report: what the PDF shows and the CSV lists. */
export const reportFiguresSchema = z.object({
  /** When they were read: the queues are as they stood then. */
  madeAt: epochSchema,
  /** Approved deposits and withdrawals by approval time, per currency and method. */
  funding: z.array(
    z.object({
      currency: z.string(),
      method: z.string(),
      deposits: moneySchema,
      withdrawals: moneySchema,
      net: amountSchema,
    }),
  ),
  fundingTotals: z.array(
    z.object({ currency: z.string(), deposits: moneySchema, withdrawals: moneySchema, net: amountSchema }),
  ),
  queues: z.array(z.object({ queue: z.string(), count, oldestAt: epochSchema.nullable() })),
  decisions: z.array(z.object({ staffId: z.string(), name: z.string(), approved: count, rejected: count })),
  fourEyes: z.object({
    firstApprovals: count,
    secondApprovals: count,
    cancelled: count,
    awaitingNow: count,
    oldestAwaitingAt: epochSchema.nullable(),
  }),
  alerts: z.object({
    opened: count,
    cleared: count,
    confirmed: count,
    openNow: count,
    byRule: z.array(z.object({ rule: z.string(), opened: count, cleared: count, confirmed: count })),
  }),
  reconciliation: z.object({
    runs: count,
    failedRuns: count,
    mismatches: count,
    critical: count,
    byKind: z.array(z.object({ kind: z.string(), count })),
  }),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportDetailSchema = reportRowSchema.extend({ figures: reportFiguresSchema.nullable() });
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportListRequest = z.strictObject({
  page: z.number().int().min(1).default(1),
  sizePerPage: z.number().int().min(1).max(MAX_PAGE_SIZE).default(REPORT_PAGE_SIZES.initial),
  subscriptionId: idSchema.optional(),
});
export type ReportListRequest = z.input<typeof reportListRequest>;
export const reportListResponse = z.object({ data: z.array(reportRowSchema), totalSize: z.number().int() });

/** The queues of the sidebar's counters, in the report's words (a queue not named here shows its key). */
export const REPORT_QUEUE_LABELS: Readonly<Record<string, string>> = {
  newClients: 'New clients',
  newIntroducerRequests: 'IB requests',
  newDeposits: 'Deposits',
  newWithdrawals: 'Withdrawals',
  newTransfers: 'Internal transfers',
  newBankDetails: 'Bank accounts',
  newSubAccounts: 'Sub-account requests',
  newChangeLeverages: 'Leverage changes',
  criticalMismatches: 'Critical mismatches',
  openAlerts: 'Open alerts',
};
