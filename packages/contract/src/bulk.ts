import { z } from 'zod';
import { idSchema } from './common.ts';
import { REQUEST_KIND_WIRES, type RequestKindWire } from './request-kinds.ts';

/**
 * Bulk approve / reject on the request lists: one call with a list of ids, answered per id.
 * Each id goes through the same service call as the list's own row action.
 */

/** The most ids one call takes; the screen sends a page's selection in smaller pieces. */
export const BULK_MAX_IDS = 100;

export const BULK_KINDS = [
  'deposit',
  'withdrawal',
  'transfer',
  'bankAccount',
  'leverage',
  'subAccount',
  'ibRequest',
] as const satisfies readonly (keyof typeof REQUEST_KIND_WIRES)[];
export type BulkKind = (typeof BULK_KINDS)[number];

/**
 * Why a whole call is refused before any row is touched: the kind's comment rule (a rejection needs
 * a reason; an IB request a comment either way), from its definition.
 */
export const BULK_REASON_RULES: Record<BulkKind, RequestKindWire['reasons']> = Object.fromEntries(
  BULK_KINDS.map((kind) => [kind, REQUEST_KIND_WIRES[kind].reasons]),
) as Record<BulkKind, RequestKindWire['reasons']>;

export const BULK_MESSAGES = {
  tooMany: `Select at most ${BULK_MAX_IDS} rows at a time.`,
  repeated: 'Each id may be given once.',
} as const;

export const bulkActionSchema = z.enum(['approve', 'reject']);
export type BulkAction = z.infer<typeof bulkActionSchema>;

export const bulkRequest = z.strictObject({
  action: bulkActionSchema,
  ids: z
    .array(idSchema)
    .min(1)
    .max(BULK_MAX_IDS, BULK_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, BULK_MESSAGES.repeated),
  /** The one reason for every row (a rejection's comment; an IB request's comment either way). */
  reason: z.string().max(2000).default(''),
});
export type BulkRequest = z.input<typeof bulkRequest>;

/**
 * One row's outcome: done (`message`: the service's words, e.g. a first approval under four-eyes), or
 * refused with the reason staff would have seen acting on the row alone (`status`: 400, 403, 404, 409,
 * or 500 with 'Something went wrong!').
 */
export const bulkResultSchema = z.object({
  _id: idSchema,
  ok: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
  status: z.number().int().optional(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkResponse = z.object({ results: z.array(bulkResultSchema) });
export type BulkResponse = z.infer<typeof bulkResponse>;
