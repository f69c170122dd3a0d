import { z } from 'zod';
import { amountSchema, epochSchema, idSchema } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';

/**
 * Reconciliation: the funding operations the console recorded as done on the platform (deposits
 * credited, withdrawals debited, both legs of a transfer) compared with the platform's balance deals,
 * per account over a period. Runs on demand (ADMIN and above) and daily; every report is kept.
 */

/** Actions this area writes to the audit trail. */
export const RECONCILIATION_ACTIONS = {
  run: 'reconciliation.run',
  exported: 'reconciliation.exported',
  alertAcknowledged: 'reconciliation.alert-acknowledged',
} as const;

/** The longest period one run may cover. */
export const RECONCILIATION_MAX_DAYS = 92;
/** Mismatches a report's detail call returns; the CSV export holds them all. */
export const RECONCILIATION_DETAIL_CAP = 1000;
export const RECONCILIATION_PAGE_SIZES = { sizes: [10, 25, 50], initial: 10 } as const;

export const MISMATCH_KINDS = [
  'missing_deal',
  'extra_deal',
  'amount_differs',
  'duplicate_deal',
  'unapproved_deal',
] as const;
export const mismatchKindSchema = z.enum(MISMATCH_KINDS);
export type MismatchKind = z.infer<typeof mismatchKindSchema>;
export const MISMATCH_LABELS: Record<MismatchKind, string> = {
  missing_deal: 'Missing deal',
  extra_deal: 'Extra deal',
  amount_differs: 'Amount differs',
  duplicate_deal: 'Duplicate deal',
  unapproved_deal: 'Deal for a request not done',
};
/**
 * Critical: an operation key (deal comment) on the platform more than once for one account, i.e. money
 * moved twice for one approval; or a deal whose key names a request the console does not count as done
 * on the platform (pending, rejected, failed, or unknown to it: a database restored from a backup
 * taken before the approval, for one), i.e. money moved that the console does not account for. Pushed
 * to every console at once, badged and mailed to the SYSOPs.
 */
export const CRITICAL_MISMATCH_KINDS: readonly MismatchKind[] = ['duplicate_deal', 'unapproved_deal'];
export const isCriticalMismatch = (kind: MismatchKind) => CRITICAL_MISMATCH_KINDS.includes(kind);

export const FUNDING_REQUEST_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;
export const fundingRequestTypeSchema = z.enum(FUNDING_REQUEST_TYPES);
export type FundingRequestType = z.infer<typeof fundingRequestTypeSchema>;

/** Which movement of a request a deal stands for. A reversed transfer's refund is its own leg. */
export const FUNDING_LEGS = [
  'deposit',
  'withdrawal',
  'transfer_source',
  'transfer_destination',
  'transfer_reverse',
] as const;
export const fundingLegSchema = z.enum(FUNDING_LEGS);
export type FundingLeg = z.infer<typeof fundingLegSchema>;
export const FUNDING_LEG_LABELS: Record<FundingLeg, string> = {
  deposit: 'Deposit credit',
  withdrawal: 'Withdrawal debit',
  transfer_source: 'Transfer debit (source)',
  transfer_destination: 'Transfer credit (destination)',
  transfer_reverse: 'Transfer refund (reversal)',
};

export const RECONCILIATION_TRIGGERS = ['manual', 'daily'] as const;
export const reconciliationTriggerSchema = z.enum(RECONCILIATION_TRIGGERS);
export const RECONCILIATION_STATUSES = ['running', 'ok', 'mismatches', 'failed'] as const;
export const reconciliationStatusSchema = z.enum(RECONCILIATION_STATUSES);
export type ReconciliationStatus = z.infer<typeof reconciliationStatusSchema>;

const loginSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * POST /api/admin/reconciliation/run: one account (login) or every live account, over [from, to]
 * (epoch seconds, both inclusive). Answers the finished report with its mismatches.
 */
export const reconciliationRunRequest = z
  .strictObject({
    login: loginSchema.optional(),
    from: epochSchema,
    to: epochSchema,
  })
  .refine((r) => r.from <= r.to, { path: ['to'], message: 'The end must not be before the start.' })
  .refine((r) => r.to - r.from < RECONCILIATION_MAX_DAYS * 86_400, {
    path: ['to'],
    message: `A period can be at most ${RECONCILIATION_MAX_DAYS} days.`,
  });
export type ReconciliationRunRequest = z.infer<typeof reconciliationRunRequest>;

export const reconciliationMismatchSchema = z.object({
  kind: mismatchKindSchema,
  /** The account the deal is on, or should be on. */
  login: z.number().int(),
  /** The request it concerns; null for a deal that names no request of the console. */
  requestType: fundingRequestTypeSchema.nullable(),
  requestId: z.string().nullable(),
  /** The request's status when the report was made (which list it is on). */
  requestStatus: z.string().nullable(),
  leg: fundingLegSchema.nullable(),
  userId: z.string().nullable(),
  /** "Name Surname" of the client, '' when unknown. */
  clientName: z.string(),
  currency: z.string(),
  /** Signed, as the deal should be: a credit positive, a debit negative. */
  expectedAmount: amountSchema.nullable(),
  /** When the request was approved (the console's side of the period). */
  approvedAt: epochSchema.nullable(),
  dealId: z.string().nullable(),
  dealAmount: amountSchema.nullable(),
  dealTime: epochSchema.nullable(),
  /** The deal's comment, or the comment the deal should carry (the request's operation key). */
  comment: z.string(),
  note: z.string(),
  /** Money moved twice, or for a request not done (see CRITICAL_MISMATCH_KINDS). */
  critical: z.boolean(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatchSchema>;

export const reconciliationReportSchema = z.object({
  _id: idSchema,
  trigger: reconciliationTriggerSchema,
  status: reconciliationStatusSchema,
  /** null: every live account. */
  login: z.number().int().nullable(),
  from: epochSchema,
  to: epochSchema,
  startedAt: epochSchema,
  finishedAt: epochSchema.nullable(),
  /** Who ran it; null for the daily run. */
  actorId: z.string().nullable(),
  actorName: z.string(),
  accountsChecked: z.number().int(),
  /** Movements the console recorded as done in the period. */
  legsChecked: z.number().int(),
  /** Balance deals the platform listed for those accounts (the period and the margin around it). */
  dealsChecked: z.number().int(),
  mismatchCount: z.number().int(),
  /** Why a failed run failed. */
  error: z.string(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

/** POST run and GET /api/admin/reconciliation/reports/{id}: the report and its first mismatches. */
export const reconciliationReportDetail = reconciliationReportSchema.extend({
  mismatches: z.array(reconciliationMismatchSchema),
});
export type ReconciliationReportDetail = z.infer<typeof reconciliationReportDetail>;

/** POST /api/admin/reconciliation/reports: kept reports, newest first. */
export const reconciliationListRequest = z.strictObject({
  page: z.number().int().min(1).default(1),
  sizePerPage: z.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  trigger: reconciliationTriggerSchema.optional(),
  login: loginSchema.optional(),
});
export type ReconciliationListRequest = z.input<typeof reconciliationListRequest>;
export const reconciliationListResponse = z.object({
  reports: z.array(reconciliationReportSchema),
  totalSize: z.number().int(),
});
export type ReconciliationListResponse = z.infer<typeof reconciliationListResponse>;

/** The CSV export's columns (GET /api/admin/reconciliation/reports/{id}/export.csv), in order. */
export const RECONCILIATION_CSV_COLUMNS = [
  'kind',
  'login',
  'requestType',
  'requestId',
  'requestStatus',
  'leg',
  'userId',
  'clientName',
  'currency',
  'expectedAmount',
  'approvedAt',
  'approvedAtUtc',
  'dealId',
  'dealAmount',
  'dealTime',
  'dealTimeUtc',
  'comment',
  'note',
] as const;

/**
 * A critical mismatch as staff follow it up: one per account and operation key found on the platform
 * more than once, across reports. Open until a staff member acknowledges it; opened again (and mailed
 * again) if a later run finds more deals under the key.
 */
export const reconciliationAlertSchema = z.object({
  _id: idSchema,
  /** duplicate_deal: the key more than once; unapproved_deal: a deal for a request not done. */
  kind: mismatchKindSchema,
  login: z.number().int(),
  /** The operation key the deals carry as their comment. */
  comment: z.string(),
  dealCount: z.number().int(),
  dealIds: z.array(z.string()),
  requestType: fundingRequestTypeSchema.nullable(),
  requestId: z.string().nullable(),
  /** The report that found it (or found more deals under it). */
  reportId: idSchema,
  foundAt: epochSchema,
  lastSeenAt: epochSchema,
  acknowledgedAt: epochSchema.nullable(),
  acknowledgedBy: z.string().nullable(),
});
export type ReconciliationAlert = z.infer<typeof reconciliationAlertSchema>;

/** Open alerts shown at most by GET /api/admin/reconciliation/alerts; `open` counts them all. */
export const RECONCILIATION_ALERTS_CAP = 100;
/** GET /api/admin/reconciliation/alerts: the open critical mismatches, newest first. */
export const reconciliationAlertsResponse = z.object({
  open: z.number().int(),
  alerts: z.array(reconciliationAlertSchema),
});
export type ReconciliationAlertsResponse = z.infer<typeof reconciliationAlertsResponse>;
