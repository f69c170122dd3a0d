import { z } from 'zod';
import { idSchema, pagedRequestSchema, totalCappedSchema } from './common.ts';
import {
  currencySchema,
  leverageChangeSchema,
  lookupClientSchema,
  platformSchema,
  subAccountRequestSchema,
  tradingAccountSchema,
  tradingAccountTypeSchema,
} from './entities.ts';
import { DEMO_BALANCES, LEVERAGES, MAX_PAGE_SIZE } from './constants.ts';
import { MESSAGES } from './messages.ts';

/**
 * Trading accounts, leverage changes, sub-accounts and passwords (docs/product.md [screen.wallet-accounts],
 * [screen.trading-accounts], [screen.leverage-requests], [screen.sub-account-requests],
 * [calls.accounts-funding]).
 */

export const liveOrDemoSchema = z.enum(['live', 'demo']);
/** Which accounts a list shows by approval: the ones on the platform, the ones waiting, or both. */
export const accountApprovalSchema = z.enum(['approved', 'pending', 'all']);
export const leverageSchema = z.union(
  LEVERAGES.map((l) => z.literal(l)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
);

/** '1:100' from 100 or '100'; kept when it already has a colon (docs/product.md [entities]). */
export function formatLeverage(value: string | number): string {
  const s = String(value);
  return s.includes(':') ? s : `1:${s}`;
}

export const accountsListResponse = z.array(tradingAccountSchema);
export const accountsPageRequest = pagedRequestSchema;
export const accountsPageResponse = z.object({
  data: z.object({
    users: z.record(z.string(), lookupClientSchema),
    accounts: z.array(tradingAccountSchema),
    totalSize: z.number().int(),
    totalCapped: totalCappedSchema,
  }),
});

export const walletAccountsResponse = z.object({
  users: z.record(z.string(), lookupClientSchema),
  accounts: z.array(tradingAccountSchema),
});

export const updateAccountRequest = z.strictObject({
  userId: idSchema,
  accountId: idSchema,
  accountGroup: z.string().trim().max(64).optional(),
  accountType: tradingAccountTypeSchema.optional(),
  oldLeverage: z.union([z.number(), z.string()]).optional(),
  leverage: leverageSchema.optional(),
  password: z.string().max(64).optional(),
});
export const updateAccountResponse = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  passwordChanged: z.boolean().optional(),
  accountId: z.string().optional(),
  leverageChangeRequested: z.boolean().optional(),
  /** The group change is queued for MT5; the account shows the new group once MT5 has made it. */
  groupChangeRequested: z.boolean().optional(),
});

export const passwordCheckRequest = z.strictObject({ accountId: idSchema });
export const passwordCheckResponse = z.object({
  passwordChangeChecked: z.boolean(),
  data: z.object({ status: z.enum(['approved', 'pending', 'failed', 'none']) }),
});

export const createSubAccountRequest = z
  .strictObject({
    userId: idSchema,
    requestType: liveOrDemoSchema,
    platform: platformSchema.default('MT5'),
    accType: tradingAccountTypeSchema,
    baseCurrency: currencySchema,
    leverage: leverageSchema,
    balance: z
      .union(DEMO_BALANCES.map((b) => z.literal(b)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]])
      .optional(),
  })
  .refine((b) => b.requestType === 'live' || b.balance !== undefined, {
    path: ['balance'],
    message: 'Balance is required for a demo account.',
  })
  .refine((b) => b.requestType === 'demo' || b.balance === undefined, {
    path: ['balance'],
    message: 'Only a demo account takes a balance.',
  })
  .refine((b) => b.requestType === 'live' || b.accType !== 'Mini FX', {
    path: ['accType'],
    message: 'Mini FX is for live accounts only.',
  });
export const createSubAccountResponse = z.object({
  success: z.boolean(),
  accountRequested: z.boolean().optional(),
  leverageChangeRequested: z.boolean().optional(),
  accountId: z.string().optional(),
  /** The login the new account gets on MT5 (staff are told it at once). */
  accountNumber: z.number().int().optional(),
});

export const SUB_ACCOUNT_QUERY_KINDS = ['all', 'live', 'demo'] as const;
export const SUB_ACCOUNT_QUERY_STATUSES = ['all', 'pending', 'approved', 'rejected', 'error'] as const;
/** The kind and status a sub-account request list is for (the GET and the paged POST share them). */
export const subAccountListParams = z.object({
  live: z.enum(SUB_ACCOUNT_QUERY_KINDS),
  status: z.enum(SUB_ACCOUNT_QUERY_STATUSES),
});
/** The server-paged list (page, sizePerPage, sort, filters); the GET form answers the first page. */
export const subAccountPageRequest = pagedRequestSchema;
export const subAccountListResponse = z.object({
  users: z.record(z.string(), lookupClientSchema),
  accounts: z.array(subAccountRequestSchema),
  /** All requests that match, over every page. */
  totalSize: z.number().int(),
  totalCapped: totalCappedSchema,
});
export const updateSubAccountRequest = z.strictObject({
  _id: idSchema,
  status: z.enum(['pending', 'approved', 'rejected']),
  comment: z.string().max(2000).default(''),
});

export const LEVERAGE_LIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** The status a leverage change list is for (the GET and the paged POST share it). */
export const leverageListParams = z.object({ status: z.enum(LEVERAGE_LIST_STATUSES) });
export const leveragePageRequest = pagedRequestSchema;
export const leverageListResponse = z.object({
  leverages: z.array(leverageChangeSchema),
  users: z.record(z.string(), lookupClientSchema),
  /** All changes of the status that match, over every page. */
  totalSize: z.number().int(),
  totalCapped: totalCappedSchema,
});
/**
 * One leverage change, sub-account request or trading account by id, with its client: what a deep link
 * (`?open=<id>`) to a row that is not on the list's current page loads (docs/decisions.md).
 */
export const accountsIdParams = z.object({ id: idSchema });
export const leverageRequestResponse = z.object({
  leverage: leverageChangeSchema,
  users: z.record(z.string(), lookupClientSchema),
});
export type LeverageRequestResponse = z.infer<typeof leverageRequestResponse>;
export const subAccountRequestResponse = z.object({
  account: subAccountRequestSchema,
  users: z.record(z.string(), lookupClientSchema),
});
export type SubAccountRequestResponse = z.infer<typeof subAccountRequestResponse>;
export const tradingAccountResponse = z.object({
  account: tradingAccountSchema,
  users: z.record(z.string(), lookupClientSchema),
});
export type TradingAccountResponse = z.infer<typeof tradingAccountResponse>;
/** The GET forms of the paged lists take the page in the query string (first page of 50 without it). */
export const listPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  sizePerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
/**
 * 'retry' sends an approved change the platform refused (a bright red MTStatus, "MT5 kept leverage
 * 1:100" for one) again, as a new operation; 'rejected' closes such a change as well.
 */
export const updateLeverageRequest = z.strictObject({
  account: z.strictObject({
    _id: idSchema,
    status: z.enum(['pending', 'approved', 'rejected', 'approve_process', 'retry']),
    comment: z.string().max(2000).default(''),
  }),
});
export const processLeverageRequest = z.strictObject({
  changeLeverageId: idSchema,
  status: z.enum(['approved', 'rejected']),
  comment: z.string().max(2000).default(''),
});
export const changeAccountNamesRequest = z.strictObject({ userData: z.object({ _id: idSchema }).loose() });

export const accountActionResponse = z.object({ success: z.boolean(), message: z.string().optional() });
export const rejectLeverageMessage = MESSAGES.rejectWithoutReason('leverage change');

/** Trading-account passwords set by staff; generated ones always pass. */
export const ACCOUNT_PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,32}$/;
export const ACCOUNT_PASSWORD_MESSAGE =
  'The password needs 8 to 32 characters with a lowercase letter, an uppercase letter and a digit.';

/** Moving an account to another group (adminUpdateAccount with accountGroup): made on the platform first. */
export const ACCOUNT_GROUP_MESSAGES = {
  unknown: 'No such group.',
  disabled: 'This group is disabled.',
  refused: 'The platform refused the group change:',
  unreachable: 'The trading platform did not answer. The group was not changed; please try again.',
} as const;
