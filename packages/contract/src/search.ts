import { z } from 'zod';
import { epochSchema, idSchema, amountSchema } from './common.ts';
import { roleSchema } from './roles.ts';
import { userStatusSchema } from './entities.ts';
import { fundingTabSchema } from './funding.ts';

// Global search (Ctrl+K): calls.search.searchRecords, a path of ours in the style of the other admin calls.

/** Rows per group at most: the search finds, the lists browse. */
export const SEARCH_GROUP_LIMIT = 6;
export const SEARCH_MAX_LENGTH = 100;

export const searchRequest = z.strictObject({
  /** Matched from the start: an email, a name ("anna" or "anna mey"), a surname, phone digits, an account
   * number, a transaction id, an IB agent code or code, or a request's 24-character id. */
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for.')
    .max(SEARCH_MAX_LENGTH, `At most ${SEARCH_MAX_LENGTH} characters.`),
});
export type SearchRequest = z.input<typeof searchRequest>;

export const searchClientSchema = z.object({
  _id: idSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  mobilePhone: z.string(),
  status: userStatusSchema,
  role: roleSchema,
});
export type SearchClient = z.infer<typeof searchClientSchema>;

export const searchAccountSchema = z.object({
  _id: idSchema,
  number: z.number().int(),
  platform: z.string(),
  live: z.boolean(),
  type: z.string(),
  baseCurrency: z.string(),
  userId: idSchema,
  clientName: z.string(),
});
export type SearchAccount = z.infer<typeof searchAccountSchema>;

export const searchTransactionSchema = z.object({
  _id: idSchema,
  type: z.enum(['deposit', 'withdrawal']),
  /** The transaction id staff see in the lists: a deposit's transactionId, a withdrawal's requestId. */
  reference: z.string(),
  status: z.string(),
  /** The list tab that shows it. */
  tab: fundingTabSchema,
  amount: amountSchema,
  currency: z.string(),
  timestamp: epochSchema,
  userId: idSchema,
  clientName: z.string(),
});
export type SearchTransaction = z.infer<typeof searchTransactionSchema>;

export const searchIbCodeSchema = z.object({
  _id: idSchema,
  agentCode: z.number().int(),
  code: z.string(),
  name: z.string(),
  statusCode: z.string(),
  /** The partner (role PARTNER) holding this agent code, when there is one. */
  partnerId: idSchema.nullable(),
});
export type SearchIbCode = z.infer<typeof searchIbCodeSchema>;

export const searchResponse = z.object({
  clients: z.array(searchClientSchema),
  accounts: z.array(searchAccountSchema),
  transactions: z.array(searchTransactionSchema),
  ibCodes: z.array(searchIbCodeSchema),
});
export type SearchResponse = z.infer<typeof searchResponse>;
