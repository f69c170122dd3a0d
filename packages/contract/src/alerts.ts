import { z } from 'zod';
import { epochSchema, idSchema } from './common.ts';
import { CURRENCIES, MAX_PAGE_SIZE } from './constants.ts';

/**
 * Alerts (docs/product.md [alerts]): a rule over a client's money that fired on a deposit or withdrawal,
 * with the facts it saw. Staff assign one to themselves and resolve it as cleared (nothing wrong) or
 * confirmed (a real concern), always with a note. The rules' limits are thresholds a SYSOP sets.
 */

/** The rules of docs/product.md [alerts.rules]. */
export const ALERT_RULES = [
  'low-trading',
  'split-deposits',
  'shared-identifier',
  'round-trip',
  'new-destination',
  'above-declared',
  'bank-details-changed',
  // Not a finding: the platform could not tell a withdrawal's trading, so low trading was not judged and
  // the approval needs a note like any alert's (docs/product.md [alerts.trading-unknown]).
  'trading-unknown',
] as const;
export const alertRuleSchema = z.enum(ALERT_RULES);
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** What each rule means, in the staff's words (the screen's rule column). */
export const ALERT_RULE_LABELS: Record<AlertRule, string> = {
  'low-trading': 'Withdrawal with little trading',
  'split-deposits': 'Deposits split under the four-eyes threshold',
  'shared-identifier': 'Payment details shared with another client',
  'round-trip': 'Deposit withdrawn again within days',
  'new-destination': 'Withdrawal to a destination never deposited from',
  'above-declared': 'Deposits above what the client declared',
  'bank-details-changed': 'Bank details changed shortly before a withdrawal',
  'trading-unknown': 'Trading unknown: the platform could not be read',
};

export const ALERT_STATUSES = ['open', 'cleared', 'confirmed'] as const;
export const alertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof alertStatusSchema>;

/** The requests an alert can be about (the decision engine's kinds of money; docs/product.md [alerts.on-approval]). */
export const ALERT_REQUEST_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;
export const alertRequestTypeSchema = z.enum(ALERT_REQUEST_TYPES);
export type AlertRequestType = z.infer<typeof alertRequestTypeSchema>;

/** The texts of docs/product.md [alerts.messages]. */
export const ALERT_MESSAGES = {
  assigned: 'The alert is assigned to you.',
  cleared: 'The alert is cleared.',
  confirmed: 'The alert is confirmed.',
  noteRequired: 'Write a note: what you checked and why you decided so.',
  alreadyResolved: (status: string) => `This alert is already ${status}.`,
  assignedToOther: (name: string) =>
    `This alert is assigned to ${name}. Assign it to yourself first to take it over.`,
  notFound: 'No alert has this id.',
  clientNotFound: 'No client has this id.',
  thresholdSaved: 'Alert threshold saved.',
  unknownSetting: 'This rule has no such setting for this currency.',
  outOfRange: (min: number, max: number) => `Enter a value from ${min} to ${max}.`,
} as const;

/** The facts an alert keeps: plain values, so the screen can put them in words (docs/product.md [alerts.facts]). */
export const alertFactsSchema = z.record(z.string(), z.unknown());

export const alertSchema = z.object({
  id: idSchema,
  userId: idSchema,
  clientName: z.string(),
  requestType: alertRequestTypeSchema.nullable(),
  requestId: z.string().nullable(),
  rule: alertRuleSchema,
  /** The rule's own summary of what it saw, in plain words. */
  summary: z.string(),
  facts: alertFactsSchema,
  status: alertStatusSchema,
  assignedTo: z.string().nullable(),
  assignedToName: z.string().nullable(),
  note: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: epochSchema.nullable(),
  createdAt: epochSchema,
  /** Seconds since the alert was raised, at the server's now. */
  ageSeconds: z.number().int().nonnegative(),
});
export type Alert = z.infer<typeof alertSchema>;

export const listAlertsQuery = z.object({
  status: alertStatusSchema.default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export const listAlertsResponse = z.object({
  alerts: z.array(alertSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListAlertsResponse = z.infer<typeof listAlertsResponse>;

export const alertParams = z.object({ alertId: idSchema });

export const alertReplySchema = z.object({ success: z.boolean(), message: z.string(), alert: alertSchema });
export type AlertReply = z.infer<typeof alertReplySchema>;

/** A note is required; the server answers 400 with ALERT_MESSAGES.noteRequired when it is blank. */
export const resolveAlertRequest = z.strictObject({
  outcome: z.enum(['cleared', 'confirmed']),
  note: z.string().max(2000),
});
export type ResolveAlertRequest = z.infer<typeof resolveAlertRequest>;

/**
 * The settings of each rule (docs/product.md [alerts.thresholds]): `currency` is '' for a setting that is
 * not money. `min`/`max` bound what a SYSOP may set.
 */
export const ALERT_SETTINGS = [
  {
    rule: 'low-trading',
    setting: 'min-lots',
    money: false,
    min: 0,
    max: 1000,
    label: 'Fewest lots traded since the deposits',
  },
  {
    rule: 'split-deposits',
    setting: 'window-hours',
    money: false,
    min: 1,
    max: 168,
    label: 'Hours the deposits fall within',
  },
  {
    rule: 'shared-identifier',
    setting: 'min-clients',
    money: false,
    min: 2,
    max: 100,
    label: 'Clients using one identifier',
  },
  {
    rule: 'round-trip',
    setting: 'share-percent',
    money: false,
    min: 1,
    max: 100,
    label: 'Share of the deposits withdrawn (%)',
  },
  {
    rule: 'round-trip',
    setting: 'window-days',
    money: false,
    min: 1,
    max: 90,
    label: 'Days between deposit and withdrawal',
  },
  {
    rule: 'round-trip',
    setting: 'min-amount',
    money: true,
    min: 0,
    max: 10_000_000,
    label: 'Smallest deposits that count',
  },
  {
    rule: 'new-destination',
    setting: 'min-refundable',
    money: true,
    min: 0,
    max: 10_000_000,
    label: 'Smallest refundable money left that counts',
  },
  {
    rule: 'above-declared',
    setting: 'window-days',
    money: false,
    min: 1,
    max: 90,
    label: 'Days of deposits added up',
  },
  {
    rule: 'above-declared',
    setting: 'min-amount',
    money: true,
    min: 0,
    max: 10_000_000,
    label: 'Smallest deposits that count',
  },
  {
    rule: 'bank-details-changed',
    setting: 'window-days',
    money: false,
    min: 1,
    max: 90,
    label: 'Days between the change and the withdrawal',
  },
] as const satisfies readonly {
  rule: AlertRule;
  setting: string;
  money: boolean;
  min: number;
  max: number;
  label: string;
}[];
export type AlertSettingName = (typeof ALERT_SETTINGS)[number]['setting'];

export const alertThresholdSchema = z.object({
  rule: alertRuleSchema,
  setting: z.string(),
  currency: z.enum(['', ...CURRENCIES]),
  value: z.number(),
  min: z.number(),
  max: z.number(),
  label: z.string(),
  updatedBy: z.string(),
  updatedAt: epochSchema,
});
export type AlertThreshold = z.infer<typeof alertThresholdSchema>;
export const alertThresholdsResponse = z.object({ thresholds: z.array(alertThresholdSchema) });
export type AlertThresholdsResponse = z.infer<typeof alertThresholdsResponse>;

export const setAlertThresholdRequest = z.strictObject({
  rule: alertRuleSchema,
  setting: z.string().max(40),
  currency: z.enum(['', ...CURRENCIES]),
  value: z
    .number()
    .finite()
    .refine((a) => Number(a.toFixed(2)) === a, 'At most two decimals.'),
});
export type SetAlertThresholdRequest = z.infer<typeof setAlertThresholdRequest>;
export const setAlertThresholdResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  thresholds: z.array(alertThresholdSchema),
});

export const evaluateAlertsParams = z.object({ userId: idSchema });
export const evaluateAlertsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Alerts raised by this evaluation (an alert already raised for a rule and request is not raised again). */
  raised: z.array(alertSchema),
  /** Withdrawals whose trading the platform could not tell: no low-trading alert, "trading unknown". */
  tradingUnknown: z.array(z.object({ requestId: z.string(), reason: z.string() })),
});
export type EvaluateAlertsResponse = z.infer<typeof evaluateAlertsResponse>;

/**
 * An approval of a request with alerts (docs/product.md [alerts.on-approval]): open alerts need a note
 * that resolves them as cleared; an alert confirmed as suspicious leaves Reject only, unless a SYSOP
 * overrides it with a note. The words of the refusals.
 */
export const ALERT_GATE_MESSAGES = {
  noteRequired: (label: string, open: number) =>
    `This ${label} has ${open === 1 ? 'an open alert' : `${open} open alerts`}: approve it with a note that resolves ${open === 1 ? 'it' : 'them'}.`,
  confirmed: (label: string) =>
    `This ${label} has an alert confirmed as suspicious: it can only be rejected (a SYSOP may override with a note).`,
  overrideSysopOnly: 'Only a SYSOP can approve over an alert confirmed as suspicious.',
  overrideNoteRequired: 'Write a note: why this request is approved over a confirmed alert.',
} as const;

/** The fields an approval adds to its decision when the request has alerts. */
export const alertDecisionFields = {
  /** Resolves the request's open alerts as cleared (and, with alertOverride, is the override's reason). */
  alertNote: z.string().max(2000).optional(),
  /** A SYSOP approves over an alert confirmed as suspicious; audited with the note. */
  alertOverride: z.boolean().optional(),
};
export type AlertChoice = { alertNote?: string; alertOverride?: boolean };

/** A row's alerts on a request list: how many are open and how many confirmed (none: not in the map). */
export const alertFlagSchema = z.object({
  open: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
});
export type AlertFlag = z.infer<typeof alertFlagSchema>;
export const alertFlagsByRequestSchema = z.record(z.string(), alertFlagSchema);

/** The alerts of one request, for its update modal: every status, open first, with who resolved each. */
export const requestAlertsParams = z.object({ requestType: alertRequestTypeSchema, requestId: idSchema });
export const requestAlertSchema = alertSchema.extend({ resolvedByName: z.string().nullable() });
export type RequestAlert = z.infer<typeof requestAlertSchema>;
export const requestAlertsResponse = z.object({ alerts: z.array(requestAlertSchema) });
export type RequestAlertsResponse = z.infer<typeof requestAlertsResponse>;
