import { z } from 'zod';
import { idSchema, pagedRequestSchema } from './common.ts';
import { depositSchema, lookupClientSchema, transferSchema, withdrawalSchema } from './entities.ts';

/** Funding lists of SPEC 2.14-2.16 and 7.4. */

export const FUNDING_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;
export const fundingTypeSchema = z.enum(FUNDING_TYPES);
export type FundingType = z.infer<typeof fundingTypeSchema>;

/** The status tabs each list offers (SPEC 2.1 routes). */
export const FUNDING_TABS = {
  transfer: ['pending', 'approved', 'rejected'],
  withdrawal: ['historical', 'pending', 'incomplete', 'error'],
  deposit: ['historical', 'pending', 'incomplete'],
} as const satisfies Record<FundingType, readonly string[]>;
export const fundingTabSchema = z.enum([
  'pending',
  'approved',
  'rejected',
  'historical',
  'incomplete',
  'error',
]);
export type FundingTab = z.infer<typeof fundingTabSchema>;

/** The request-list fetch (its path is ours: POST /api/admin/accounts/adminGetRequests/paginated). */
export const fundingListRequest = pagedRequestSchema.extend({
  type: fundingTypeSchema,
  status: fundingTabSchema,
});
export type FundingListRequest = z.input<typeof fundingListRequest>;

export const fundingRowSchema = z.union([depositSchema, withdrawalSchema, transferSchema]);
export const fundingListResponse = z.object({
  data: z.object({
    clients: z.record(z.string(), lookupClientSchema),
    transfers: z.array(fundingRowSchema),
    totalSize: z.number().int(),
  }),
});
export type FundingListResponse = z.infer<typeof fundingListResponse>;

/** A client's funding history (profile card): approved only, or every status. */
export const fundingHistoryParams = z.object({
  userId: idSchema,
  type: fundingTypeSchema,
  approved: z.enum(['approved', 'all']),
});
export const fundingHistoryRequest = pagedRequestSchema;

export const transferHistoryResponse = z.object({
  deposits: z.array(depositSchema),
  withdrawals: z.array(withdrawalSchema),
  transfers: z.array(transferSchema),
  clients: z.record(z.string(), lookupClientSchema),
});

/**
 * Update modal status choices (SPEC 4): pending; rejected ('Reject'); approved ('Set as approved':
 * the status only); approve_process ('Approve & process': the status and the platform operation).
 */
export const UPDATE_STATUS_LABELS = {
  pending: 'pending',
  rejected: 'Reject',
  approved: 'Set as approved',
  approve_process: 'Approve & process',
} as const;
export const updateStatusSchema = z.enum(['pending', 'rejected', 'approved', 'approve_process']);
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

const comment = z.string().max(2000).default('');

export const updateDepositRequest = z.strictObject({
  deposit: z.strictObject({
    _id: idSchema,
    status: updateStatusSchema,
    comment,
    modifyDealAmount: z.boolean().default(false),
    depositAmountSent: z.number().positive().max(1e9).optional(),
  }),
});
export const processDepositRequest = z.strictObject({ depositId: idSchema });

export const updateWithdrawalRequest = z.strictObject({
  withdrawal: z.strictObject({
    _id: idSchema,
    status: updateStatusSchema,
    comment,
    dontEmailUser: z.boolean().default(false),
    modifyDealAmount: z.boolean().default(false),
    withdrawalAmount: z.number().positive().max(1e9).optional(),
    withdrawalType: z.enum(['wire', 'crypto', 'others']).optional(),
  }),
});
export const processWithdrawalRequest = z.strictObject({ withdrawalId: idSchema });

/** Transfers also take 'complete' and 'reverse' for a half-done transfer (DESIGN money movement). */
export const updateTransferRequest = z.strictObject({
  transfer: z.strictObject({
    _id: idSchema,
    status: z.enum(['pending', 'rejected', 'approved', 'approve_process', 'complete', 'reverse']),
    comment,
  }),
});
export const processTransferRequest = z.strictObject({ transferId: idSchema });

export const fundingActionResponse = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  /** The request after the action (its MTStatus fills in once the platform has answered). */
  request: fundingRowSchema.optional(),
});
