import { z } from 'zod';
import { idSchema, pagedRequestSchema, totalCappedSchema } from './common.ts';
import { approvalsByRequestSchema, fundingApprovalSchema } from './approvals.ts';
import { alertDecisionFields, alertFlagsByRequestSchema } from './alerts.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import {
  currencySchema,
  depositSchema,
  lookupClientSchema,
  transferSchema,
  withdrawalSchema,
} from './entities.ts';

/**
 * Funding lists of docs/product.md [screen.transfers], [screen.withdrawals], [screen.deposits],
 * [calls.accounts-funding].
 */

export const FUNDING_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;
export const fundingTypeSchema = z.enum(FUNDING_TYPES);
export type FundingType = z.infer<typeof fundingTypeSchema>;

/** The status tabs each list offers (docs/product.md [routes] routes). */
export const FUNDING_TABS = {
  transfer: ['pending', 'approved', 'rejected'],
  withdrawal: ['historical', 'pending', 'incomplete', 'error'],
  deposit: ['historical', 'pending', 'incomplete'],
} as const satisfies Record<FundingType, readonly string[]>;
/**
 * The tabs the list call serves: each screen's, and transfers' 'historical' for Historical requests
 * (docs/product.md [screen.historical-requests]).
 */
export const FUNDING_LIST_TABS = {
  ...FUNDING_TABS,
  transfer: [...FUNDING_TABS.transfer, 'historical'],
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
    totalCapped: totalCappedSchema,
    /** Four-eyes approvals of the rows on the page, by request id. */
    approvals: approvalsByRequestSchema.default({}),
    /** The rows on the page with open or confirmed alerts, by request id (the list's flag). */
    alerts: alertFlagsByRequestSchema.default({}),
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

/** One request by id (a deep link to its update modal): the row as the list shows it, with its client. */
export const fundingRequestParams = z.object({ type: fundingTypeSchema, id: idSchema });
export const fundingRequestResponse = z.object({
  data: z.object({
    request: fundingRowSchema,
    clients: z.record(z.string(), lookupClientSchema),
    approvals: approvalsByRequestSchema.default({}),
    alerts: alertFlagsByRequestSchema.default({}),
  }),
});
export type FundingRequestResponse = z.infer<typeof fundingRequestResponse>;

export const transferHistoryResponse = z.object({
  deposits: z.array(depositSchema),
  withdrawals: z.array(withdrawalSchema),
  transfers: z.array(transferSchema),
  clients: z.record(z.string(), lookupClientSchema),
});

/**
 * Update modal status choices (docs/product.md [state.decision-options]): pending; rejected ('Reject');
 * approved ('Set as approved': the status only); approve_process ('Approve & process': the status and the
 * platform operation).
 */
export const UPDATE_STATUS_LABELS = {
  pending: 'pending',
  rejected: 'Reject',
  approved: 'Set as approved',
  approve_process: 'Approve & process',
} as const;
export const updateStatusSchema = z.enum(['pending', 'rejected', 'approved', 'approve_process']);
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

/**
 * A deposit whose credit the platform refused (MTStatus failed) and a withdrawal in the Error tab also
 * take 'retry': the platform operation is sent again, as a new operation. 'rejected' closes them.
 */
export const RETRY_LABEL = 'Retry';
export const depositUpdateStatusSchema = z.enum([...updateStatusSchema.options, 'retry']);
export type DepositUpdateStatus = z.infer<typeof depositUpdateStatusSchema>;
export const withdrawalUpdateStatusSchema = depositUpdateStatusSchema;
export type WithdrawalUpdateStatus = DepositUpdateStatus;

const comment = z.string().max(2000).default('');

/** Amounts are kept to 2 decimals: one that rounds to 0.00 moves no money and is refused. */
export const AMOUNT_TOO_SMALL = 'The amount must be at least 0.01.';
export const roundsToZero = (amount: number) => Math.round(Math.abs(amount) * 100) === 0;
/** A deal amount staff type in an update modal: positive, at most 1e9, and at least 0.01 once rounded. */
export const dealAmountSchema = z
  .number()
  .positive()
  .max(1e9)
  .refine((v) => !roundsToZero(v), AMOUNT_TOO_SMALL);

export const updateDepositRequest = z.strictObject({
  deposit: z.strictObject({
    _id: idSchema,
    status: depositUpdateStatusSchema,
    comment,
    modifyDealAmount: z.boolean().default(false),
    depositAmountSent: dealAmountSchema.optional(),
    ...alertDecisionFields,
  }),
});
export const processDepositRequest = z.strictObject({ depositId: idSchema });

export const updateWithdrawalRequest = z.strictObject({
  withdrawal: z.strictObject({
    _id: idSchema,
    status: withdrawalUpdateStatusSchema,
    comment,
    dontEmailUser: z.boolean().default(false),
    modifyDealAmount: z.boolean().default(false),
    withdrawalAmount: dealAmountSchema.optional(),
    withdrawalType: z.enum(['wire', 'crypto', 'others']).optional(),
    ...alertDecisionFields,
  }),
});
export const processWithdrawalRequest = z.strictObject({ withdrawalId: idSchema });

/**
 * The 'Orders' table (docs/product.md [screen.withdrawals], [calls.accounts-funding] GET
 * adminGetWithdrawalOrders): the card-provider withdrawals, those the provider has not processed yet
 * included, paged by the server. Paging and filters travel in the query string, one key per filter.
 */
export const WITHDRAWAL_ORDER_SORT_FIELDS = [
  'timestamp',
  'providerOrderId',
  'accountNumber',
  'withdrawalAmount',
  'providerStatus',
  'providerPayoutStatus',
  'status',
] as const;
export const withdrawalOrdersQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  sizePerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  sortField: z.enum(WITHDRAWAL_ORDER_SORT_FIELDS).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  /** Name or email of the client. */
  client: z.string().max(200).optional(),
  providerOrderId: z.string().max(200).optional(),
  accountNumber: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  providerStatus: z.enum(['CREATED', 'PROCESSED', 'CANCELLED', 'DECLINED']).optional(),
  withdrawalCurrency: currencySchema.optional(),
});
export type WithdrawalOrdersQuery = z.infer<typeof withdrawalOrdersQuery>;
export const withdrawalOrdersResponse = z.object({
  clients: z.record(z.string(), lookupClientSchema),
  transfers: z.array(withdrawalSchema),
  totalSize: z.number().int(),
  totalCapped: totalCappedSchema,
  approvals: approvalsByRequestSchema.default({}),
});
export type WithdrawalOrdersResponse = z.infer<typeof withdrawalOrdersResponse>;

/**
 * Transfers also take 'complete' and 'reverse' for a half-done transfer
 * (docs/product.md [money.transfer-legs]).
 */
export const updateTransferRequest = z.strictObject({
  transfer: z.strictObject({
    _id: idSchema,
    status: z.enum(['pending', 'rejected', 'approved', 'approve_process', 'complete', 'reverse']),
    comment,
    ...alertDecisionFields,
  }),
});
export const processTransferRequest = z.strictObject({ transferId: idSchema });

export const fundingActionResponse = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  /** The request after the action (its MTStatus fills in once the platform has answered). */
  request: fundingRowSchema.optional(),
  /** The request's four-eyes approval, when it needs two. */
  approval: fundingApprovalSchema.nullable().optional(),
});

/**
 * MTStatus on a request: '' before the platform was asked, SUCCESS once applied, this note while an
 * unknown outcome is waited out (docs/product.md [money.unknown-outcome]; amber, not a failure), else the
 * platform's error.
 */
export const MT_STATUS_SUCCESS = 'SUCCESS';
export const MT_STATUS_CHECKING = 'Checking with MT5';

/** What a request shows while waiting: 'Checking with MT5 until 2026/11/25 17:05:00 UTC'. */
export function checkingMtStatus(until: number): string {
  const iso = new Date(until * 1000).toISOString();
  return `${MT_STATUS_CHECKING} until ${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)} UTC`;
}

export const isCheckingMtStatus = (mtStatus: string | null | undefined): boolean =>
  Boolean(mtStatus?.startsWith(MT_STATUS_CHECKING));

/** A platform status that records a failure: not empty, not SUCCESS, not still being checked. */
export const isFailedMtStatus = (mtStatus: string | null | undefined): boolean =>
  Boolean(mtStatus) && mtStatus !== MT_STATUS_SUCCESS && !isCheckingMtStatus(mtStatus);
