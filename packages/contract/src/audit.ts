import { z } from 'zod';
import { epochSchema, idSchema } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { roleSchema } from './roles.ts';

/** The audit trail (search, CSV export, chain verification), document views and staff sessions. */

/** Actions this area writes to the audit trail itself. */
export const AUDIT_ACTIONS = {
  /** A document opened (viewer or file): the register of who looked at a client's documents. */
  documentViewed: 'document.viewed',
  /** Signed links handed to a staff member's screen: not a view (nobody has looked yet). */
  documentLinkIssued: 'document.link-issued',
  exported: 'audit.exported',
  verified: 'audit.verified',
  sessionEnded: 'session.ended',
} as const;

const FROM_AFTER_TO = 'The start must not be after the end.';

/**
 * Filters of the audit search; each is optional and they combine with AND. userId finds rows about a
 * client or staff member: entity_id equal to it, or a userId inside before or after. from and to are
 * epoch seconds, both inclusive.
 */
export const auditFiltersSchema = z
  .strictObject({
    actorId: idSchema.optional(),
    userId: idSchema.optional(),
    entity: z.string().trim().min(1).max(64).optional(),
    action: z.string().trim().min(1).max(64).optional(),
    from: epochSchema.optional(),
    to: epochSchema.optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    path: ['to'],
    message: FROM_AFTER_TO,
  });
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** POST /api/admin/audit/search. Always in time order (id order); sortOrder picks newest or oldest first. */
export const auditSearchRequest = z.strictObject({
  page: z.number().int().min(1).default(1),
  sizePerPage: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  sortField: z.enum(['at', 'id']).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  filters: auditFiltersSchema.default({}),
});
export type AuditSearchRequest = z.input<typeof auditSearchRequest>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: epochSchema,
  /** null for the system (the platform worker) and for sign-ins of unknown emails. */
  actorId: z.string().nullable(),
  /** "Name Surname" of the actor, '' when there is none. */
  actorName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditSearchResponse = z.object({ rows: z.array(auditRowSchema), totalSize: z.number().int() });
export type AuditSearchResponse = z.infer<typeof auditSearchResponse>;

/**
 * GET /api/admin/audit/export.csv: the same filters as query parameters (leave out the empty ones),
 * plus sortOrder ('asc' by default: a file reads oldest first).
 */
export const auditExportQuery = z
  .strictObject({
    actorId: idSchema.optional(),
    userId: idSchema.optional(),
    entity: z.string().trim().min(1).max(64).optional(),
    action: z.string().trim().min(1).max(64).optional(),
    from: z.coerce.number().int().nonnegative().optional(),
    to: z.coerce.number().int().nonnegative().optional(),
    sortOrder: z.enum(['asc', 'desc']).default('asc'),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    path: ['to'],
    message: FROM_AFTER_TO,
  });
export type AuditExportQuery = z.input<typeof auditExportQuery>;
/** The CSV's columns, in order; at is also given as an ISO 8601 UTC time in atUtc. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'atUtc',
  'actorId',
  'actorName',
  'action',
  'entity',
  'entityId',
  'before',
  'after',
  'ip',
  'prevHash',
  'hash',
] as const;

/** The audit trail screen's page sizes: 50 or 100 rows, 50 first (as the other lists of SPEC 9). */
export const AUDIT_PAGE_SIZES = { sizes: [50, 100], initial: 50 } as const;

/**
 * GET /api/admin/audit/facets: every entity and every action the trail holds, in alphabetical order, for
 * the search's pickers (at most AUDIT_FACETS_CAP of each).
 */
export const AUDIT_FACETS_CAP = 500;
export const auditFacetsResponse = z.object({
  entities: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsResponse>;

/** What verification found wrong first. */
export const auditProblemSchema = z.enum(['edited', 'missing', 'reordered', 'unchained']);
export type AuditProblem = z.infer<typeof auditProblemSchema>;
/** How many bad rows a verification lists (it counts them all). */
export const AUDIT_PROBLEMS_LISTED = 100;
export const auditBadRowSchema = z.object({
  id: z.number().int(),
  problem: auditProblemSchema,
  reason: z.string(),
});
export type AuditBadRow = z.infer<typeof auditBadRowSchema>;
/**
 * POST /api/admin/audit/verify (SYSOP); also what `npm run audit:verify` prints. The walk goes on past a
 * bad row: badRows counts every one, problems lists the first AUDIT_PROBLEMS_LISTED, and firstBadId,
 * problem and reason repeat the first of them.
 */
export const auditVerifyResponse = z.object({
  ok: z.boolean(),
  /** Chained rows checked. */
  rows: z.number().int(),
  /** Rows written before the chain existed (not covered by it). */
  unchained: z.number().int(),
  /** The last row of the chain when the check began, and its hash (worth keeping outside the database). */
  headId: z.number().int(),
  headHash: z.string(),
  firstBadId: z.number().int().optional(),
  problem: auditProblemSchema.optional(),
  reason: z.string().optional(),
  // Defaults: checks recorded before these fields existed still read.
  badRows: z.number().int().default(0),
  problems: z.array(auditBadRowSchema).default([]),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyResponse>;

/** Documents whose views are logged. */
export const DOCUMENT_KINDS = ['IDENTITY', 'PROOF_OF_RESIDENCE', 'KYC_REPORT', 'BANK_STATEMENT'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;

/**
 * GET /api/admin/users/documentViews/{userId}: newest first, at most DOCUMENT_VIEWS_CAP. A row is either
 * a staff member asking for the signed link (opened false) or the link being opened (opened true),
 * credited to the staff member who asked for it (actorName '' when that is unknown).
 */
export const DOCUMENT_VIEWS_CAP = 500;
export const documentViewSchema = z.object({
  at: epochSchema,
  actorName: z.string(),
  kind: documentKindSchema,
  /** The document type (PASSPORT, ...), 'eKYC report', or the stored file name of a statement. */
  document: z.string(),
  opened: z.boolean(),
  /** When the signed link stops working. */
  expiresAt: epochSchema.nullable(),
  ip: z.string(),
});
export type DocumentView = z.infer<typeof documentViewSchema>;
export const documentViewsResponse = z.array(documentViewSchema);

/** GET /api/admin/sessions (SYSOP): live staff sessions, most recently active first. */
export const staffSessionSchema = z.object({
  /** Opaque: the stored hash of the session's secret, never the token. */
  sessionId: z.string(),
  userId: idSchema,
  name: z.string(),
  role: roleSchema,
  createdAt: epochSchema,
  lastActiveAt: epochSchema,
  expiresAt: epochSchema,
  ip: z.string(),
  deviceType: z.string(),
  browserName: z.string(),
  /** The caller's own session. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export const staffSessionsResponse = z.array(staffSessionSchema);

/** POST /api/admin/sessions/end (SYSOP). Ending one's own session signs out: loggedOut is then true. */
export const endSessionRequest = z.strictObject({
  sessionId: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid session id.'),
});
export const endSessionResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  loggedOut: z.boolean(),
});
