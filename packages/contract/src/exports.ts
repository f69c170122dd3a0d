import { z } from 'zod';
import { pagedRequestSchema } from './common.ts';
import { REQUEST_KIND_EXPORT_LISTS } from './request-kinds.ts';

/**
 * CSV export of a list with its current filters and sort: the console asks for a signed
 * download link (the ask is audited), then the browser downloads the file from it, streamed.
 */
export const EXPORTABLE_LISTS = [
  'users',
  'funding',
  'withdrawal-orders',
  'trading-accounts',
  'wallet-accounts',
  'ib-codes',
  'groups',
  ...REQUEST_KIND_EXPORT_LISTS,
] as const;
export type ExportableList = (typeof EXPORTABLE_LISTS)[number];

export const exportListRequest = z.strictObject({
  /**
   * The list's name: one of EXPORTABLE_LISTS, or a request kind's own (the server knows its lists and
   * refuses any other name).
   */
  list: z.string().regex(/^[a-z][a-z0-9-]{0,47}$/, 'No such list.'),
  /** The list's own route parameters, e.g. `{ status: 'approved' }` for /users/approved. */
  params: z.record(z.string().max(32), z.string().max(64)).default({}),
  /** The list's current view; page and page size are ignored (every row is exported). */
  request: pagedRequestSchema,
});
export type ExportListRequest = z.input<typeof exportListRequest>;

export const exportListResponse = z.object({ url: z.string(), filename: z.string() });

/** How long a download link works: long enough to start the download, too short to pass around. */
export const EXPORT_LINK_SECONDS = 60;

/** The audit action of an export (entity 'export'; after: the list, its parameters and view). */
export const EXPORT_AUDIT_ACTION = 'list.exported';

/** The view of a download link, base64url JSON in its query (a path segment is limited to 100 characters). */
export const exportTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{1,4000}$/);
