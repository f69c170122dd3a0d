import { z } from 'zod';
import { epochSchema, idSchema } from './common.ts';
import { CURRENCIES } from './constants.ts';
import { currencySchema } from './entities.ts';

/**
 * Four-eyes approvals: a SYSOP sets, per request type and currency, the amount above which
 * a request needs two approvals by two different staff members. The first approval leaves the request
 * 'awaiting second approval'; the second runs the decision (and its platform operation).
 */

export const APPROVAL_REQUEST_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;
export const approvalRequestTypeSchema = z.enum(APPROVAL_REQUEST_TYPES);
export type ApprovalRequestType = z.infer<typeof approvalRequestTypeSchema>;

export const FOUR_EYES_MESSAGES = {
  awaitingSecond: 'Awaiting second approval',
  firstApprovalRecorded: 'First approval recorded. A different staff member must give the second approval.',
  sameApprover: 'You gave the first approval of this request; a different staff member must give the second.',
  thresholdSaved: 'Threshold saved.',
  thresholdRemoved: 'Threshold removed.',
} as const;

export const thresholdSchema = z.object({
  requestType: approvalRequestTypeSchema,
  currency: currencySchema,
  /** Requests above this amount (strictly) need two approvals; 0 makes every approval need two. */
  amount: z.number().nonnegative(),
  updatedBy: z.string(),
  updatedAt: epochSchema,
});
export type Threshold = z.infer<typeof thresholdSchema>;

export const thresholdsResponse = z.object({ thresholds: z.array(thresholdSchema) });
export type ThresholdsResponse = z.infer<typeof thresholdsResponse>;

/** Sets a threshold, or removes it with `amount: null` (no second approval for that type and currency). */
export const setThresholdRequest = z.strictObject({
  requestType: approvalRequestTypeSchema,
  currency: z.enum(CURRENCIES),
  amount: z
    .number()
    .nonnegative()
    .max(1e9)
    .refine((a) => Number(a.toFixed(2)) === a, 'At most two decimals.')
    .nullable(),
});
export type SetThresholdRequest = z.infer<typeof setThresholdRequest>;
export const setThresholdResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  thresholds: z.array(thresholdSchema),
});

export const approvalStateSchema = z.enum(['awaiting', 'approved', 'cancelled']);

/** One request's approvals: both approvers, their times and comments. */
export const fundingApprovalSchema = z.object({
  _id: idSchema,
  requestType: approvalRequestTypeSchema,
  requestId: idSchema,
  /** The decision both approve: 'approve_process' (Approve & process) or 'approved' (Set as approved). */
  action: z.enum(['approve_process', 'approved']),
  amount: z.number(),
  currency: currencySchema,
  threshold: z.number(),
  state: approvalStateSchema,
  firstBy: z.string(),
  firstAt: epochSchema,
  firstComment: z.string(),
  secondBy: z.string().nullable(),
  secondAt: epochSchema.nullable(),
  secondComment: z.string().nullable(),
});
export type FundingApproval = z.infer<typeof fundingApprovalSchema>;

/** The approvals of the requests on a page, by request id (awaiting or given; lapsed ones left out). */
export const approvalsByRequestSchema = z.record(z.string(), fundingApprovalSchema);
