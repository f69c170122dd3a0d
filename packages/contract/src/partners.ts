import { z } from 'zod';
import { idSchema, pagedRequestSchema, totalCappedSchema } from './common.ts';
import { CODE_BATCH_SIZES } from './constants.ts';
import { ibCodeSchema, ibCountersSchema, ibRequestSchema, lookupClientSchema } from './entities.ts';

/**
 * Calls of docs/product.md [calls.partners] for IB requests and IB codes (introducers and their generated
 * links).
 */

/** docs/product.md [const.ib-links]: introducer links are {host}/register/{agentCode}. */
export function introducerLink(host: string, agentCode: number): string {
  return `${host}/register/${agentCode}`;
}
/** docs/product.md [const.ib-links]: generated links add ?access={code}. */
export function generatedCodeLink(host: string, agentCode: number, code: string): string {
  return `${introducerLink(host, agentCode)}?access=${encodeURIComponent(code)}`;
}

/** Agent codes handed out automatically start above this (the demo data's first code is 10001). */
export const FIRST_AGENT_CODE = 10_001;
export const MAX_AGENT_CODE = 99_999_999;
/** The account status code an introducer made from an IB request starts with. */
export const DEFAULT_STATUS_CODE = 'STANDARD';

export const IB_MESSAGES = {
  commentRequired: 'A comment is required.',
  agentCodeTaken: 'This agent code is already in use.',
  noSuchIntroducer: 'No introducer has this agent code.',
  notEnoughSubcodes: (available: number) =>
    `Not enough subcode slots left (${available} available). Please add more codes.`,
} as const;

// ---- IB requests (docs/product.md [screen.ib-requests]) ----

export const ibRequestUserSchema = lookupClientSchema.extend({ agentCode: z.number().int().nullable() });
/** Server-paged; without a sortField open requests (pending, error) come first, then the newest. */
export const ibRequestsPageRequest = pagedRequestSchema;
export const ibRequestsResponse = z.object({
  /** One page. */
  requestsData: z.array(ibRequestSchema),
  usersData: z.record(z.string(), ibRequestUserSchema),
  /** All requests that match, over every page. */
  totalSize: z.number().int(),
  totalCapped: totalCappedSchema,
});
export type IbRequestsResponse = z.infer<typeof ibRequestsResponse>;
/** One IB request by id with its client (a deep link to a request not on the list's page). */
export const ibRequestParams = z.object({ id: idSchema });
export const ibRequestResponse = z.object({
  requestData: ibRequestSchema,
  usersData: z.record(z.string(), ibRequestUserSchema),
});
export type IbRequestResponse = z.infer<typeof ibRequestResponse>;

/** docs/product.md [states]: the admin approves or rejects with a comment (required either way). */
export const processIbRequestRequest = z.strictObject({
  userId: idSchema,
  status: z.enum(['approved', 'rejected']),
  comment: z.string().trim().min(1, IB_MESSAGES.commentRequired).max(2000),
});
export type ProcessIbRequestRequest = z.input<typeof processIbRequestRequest>;
export const processIbRequestResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The agent code given to the new partner (approve only). */
  agentCode: z.number().int().optional(),
});

// ---- IB codes (docs/product.md [screen.ib-codes]) ----

/** Server-paged, newest first unless sorted; the filter `q` matches a name part or an agent code part. */
export const ibCodesPageRequest = pagedRequestSchema;
export const ibCodesResponse = z.object({
  /** One page. */
  ibs: z.array(ibCodeSchema),
  counters: ibCountersSchema,
  /** All introducers that match, over every page. */
  totalSize: z.number().int(),
  totalCapped: totalCappedSchema,
});
export type IbCodesResponse = z.infer<typeof ibCodesResponse>;

const agentCodeSchema = z
  .number({ error: 'Agent code is required.' })
  .int('Agent code must be a whole number.')
  .min(1, 'Agent code must be a positive number.')
  .max(MAX_AGENT_CODE, 'Agent code is too large.');
const nameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(120, 'Name is too long.');
const statusCodeSchema = z
  .string({ error: 'Status code is required.' })
  .trim()
  .min(1, 'Status code is required.')
  .max(32, 'Status code is too long.')
  .regex(/^[A-Za-z0-9 _-]+$/, 'Use letters, digits, spaces, - or _.');

export const agentCodeParams = z.object({ agentCode: z.coerce.number().int().min(1).max(MAX_AGENT_CODE) });

export const generatedCodeSchema = z.object({ name: z.string(), code: z.string(), link: z.string() });
export const generatedCodesResponse = z.object({ codes: z.array(generatedCodeSchema) });
export type GeneratedCode = z.infer<typeof generatedCodeSchema>;

/** Add Introducer (docs/product.md [rule.add-introducer]): name, agent code and status code all required. */
export const addIbCodeRequest = z.strictObject({
  newCode: z.literal(true),
  name: nameSchema,
  agentCode: agentCodeSchema,
  statusCode: statusCodeSchema,
});
export type AddIbCodeRequest = z.input<typeof addIbCodeRequest>;

/** The inline rename (docs/product.md [calls.partners]): newCode false, ibId and the changed field(s). */
export const renameIbCodeRequest = z
  .strictObject({
    newCode: z.literal(false),
    ibId: idSchema,
    name: nameSchema.optional(),
    statusCode: statusCodeSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.statusCode !== undefined, {
    path: ['name'],
    message: 'Nothing to change.',
  });
export type RenameIbCodeRequest = z.input<typeof renameIbCodeRequest>;

/** adminUpdateIbCode is "the same update function": it adds (newCode true) or edits (newCode false). */
export const updateIbCodeRequest = z.discriminatedUnion('newCode', [addIbCodeRequest, renameIbCodeRequest]);
export type UpdateIbCodeRequest = z.input<typeof updateIbCodeRequest>;
export const ibCodeResponse = z.object({ success: z.boolean(), addIbCode: ibCodeSchema });

export const generateCodesRequest = z.strictObject({
  agentCode: agentCodeSchema,
  numOfCodes: z.union(
    CODE_BATCH_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
    { error: `Choose ${CODE_BATCH_SIZES.join(', ')} codes.` },
  ),
});
export type GenerateCodesRequest = z.input<typeof generateCodesRequest>;

// ---- Adding slots ("Please add more codes", docs/product.md [msg.no-introducer-slots]) ----

/** The most slots one call adds, and the most a quota may ever hold in all. */
export const MAX_SLOTS_PER_ADD = { ibCodes: 10_000, subcodes: 100_000 } as const;
export const MAX_QUOTA_TOTAL = 1_000_000_000;
export const SLOT_MESSAGES = {
  nothing: 'Add at least one code or subcode.',
  tooMany: 'That would take the quota over its limit.',
  added: (ib: number, sub: number) => `Added ${ib} introducer codes and ${sub} subcodes.`,
} as const;

/** Raises the quotas: both the available and the total counter of each grow by the number added. */
export const addIbSlotsRequest = z
  .strictObject({
    ibCodes: z
      .number({ error: 'Enter a whole number.' })
      .int('Enter a whole number.')
      .min(0, 'Enter 0 or more.')
      .max(MAX_SLOTS_PER_ADD.ibCodes, `At most ${MAX_SLOTS_PER_ADD.ibCodes} at a time.`)
      .default(0),
    subcodes: z
      .number({ error: 'Enter a whole number.' })
      .int('Enter a whole number.')
      .min(0, 'Enter 0 or more.')
      .max(MAX_SLOTS_PER_ADD.subcodes, `At most ${MAX_SLOTS_PER_ADD.subcodes} at a time.`)
      .default(0),
  })
  .refine((b) => b.ibCodes > 0 || b.subcodes > 0, { path: ['ibCodes'], message: SLOT_MESSAGES.nothing });
export type AddIbSlotsRequest = z.input<typeof addIbSlotsRequest>;
export const addIbSlotsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  counters: ibCountersSchema,
});
export const generateCodesResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  codes: z.array(generatedCodeSchema),
});
