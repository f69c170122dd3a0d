import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

/** Server-made ids: 24 lowercase hex characters. */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id.');
/** Times on the wire are epoch seconds. */
export const epochSchema = z.number().int().nonnegative();
/** Money on the wire: a number, shown with 2 decimals. */
export const amountSchema = z.number().finite();

export const errorBodySchema = z.object({
  errors: z.record(z.string(), z.string()),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const successSchema = z.object({ success: z.boolean(), message: z.string().optional() });

export const filterSchema = z.strictObject({
  filterType: z.enum(['TEXT', 'NUMBER', 'SELECT', 'DATE']),
  filterVal: z.union([z.string().max(200), z.number()]),
  numericVal: z.number().optional(),
  comparisonType: z.enum(['=', '>', '>=', '<', '<=', '!=', 'LIKE']).optional(),
});
export type Filter = z.infer<typeof filterSchema>;

/**
 * The body of every server-paged list (docs/product.md [api.paged]). Sort and filter fields are allow-listed
 * per list.
 */
export const pagedRequestSchema = z.strictObject({
  page: z.number().int().min(1).default(1),
  sizePerPage: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  sortField: z.string().max(64).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  filters: z.record(z.string().max(64), filterSchema).default({}),
});
export type PagedRequest = z.infer<typeof pagedRequestSchema>;

/**
 * Lists count their rows up to this many; past it a reply says `totalCapped` and the screen shows
 * "10,000+" (docs/product.md [perf.lists]: totals of huge results may be capped). Counting a million rows
 * would cost more than the page itself; staff narrow such lists with filters.
 */
export const TOTAL_CAP = 10_000;
/**
 * The cap while a substring filter is applied ("1,000+"). A weak substring ("meyer", "anna") matches a
 * tenth of a million clients: the page is found at once, but counting to 10,000 matches would cost
 * more than 100 ms (docs/performance.md); at 1,000 the count costs about as much as the page.
 */
export const SEARCH_TOTAL_CAP = 1_000;
/** `totalCapped: true` when there are more than TOTAL_CAP rows (`totalSize` is then TOTAL_CAP). */
export const totalCappedSchema = z.boolean().optional();

/**
 * The query of a signed document link (expiry, session, signature). Each part is optional here so
 * that a link missing one is refused by the signature check (403), like a forged one.
 */
export const signedLinkQuery = z.object({
  exp: z.coerce.number().int().optional(),
  s: z.string().max(64).optional(),
  sig: z.string().max(100).optional(),
});
