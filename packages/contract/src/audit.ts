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

/** At most this many clients stand for one name or email filter (docs/decisions.md, "A readable audit trail"). */
export const AUDIT_CLIENT_MATCHES = 20;

/** What a name or an email can hold; anything else (=, ;, quotes of code, control characters) is refused. */
const CLIENT_TEXT = /^[\p{L}\p{M}\p{N} .@'’_+-]+$/u;
/** A client's name (or its start), surname or email (or its start), as the global search matches them. */
export const auditClientTextSchema = z
  .string()
  .trim()
  .min(2, 'Type at least 2 characters of a name or an email.')
  .max(100, 'A name or an email is at most 100 characters.')
  .refine(
    (v) => CLIENT_TEXT.test(v),
    "A name or an email holds only letters, digits, spaces and . @ ' _ + -.",
  );

/**
 * Filters of the audit search; each is optional and they combine with AND. userId finds rows about a
 * client or staff member: entity_id equal to it, or a userId inside before or after. client does the
 * same for the clients whose name, surname or email starts with the text (at most AUDIT_CLIENT_MATCHES
 * of them, the reply's clientMatches says which). recordId finds the rows of one record: entity_id
 * equal to it, or the key of a platform operation serving it (`wd:<id>`, `dep:<id>:2`, ...). entity is
 * the kind of record (deposit, withdrawal, user, ...). from and to are epoch seconds, both inclusive.
 */
export const auditFiltersSchema = z
  .strictObject({
    actorId: idSchema.optional(),
    userId: idSchema.optional(),
    client: auditClientTextSchema.optional(),
    recordId: idSchema.optional(),
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
  // Read when the page is served, never stored: the chained rows keep ids only.
  /** The client the row is about (a user record, a request's client), or null; also a client since deleted. */
  clientId: z.string().nullable(),
  /** "Name Surname" and email of that client, '' when there is none or it is gone. */
  clientName: z.string(),
  clientEmail: z.string(),
  /** The record in words: "Withdrawal 2,500.00 EUR", "Client profile", "Session of Adam Admin". */
  recordLabel: z.string(),
  /** Where the console shows the record (a path such as /withdrawal-requests/pending?open=<id>), or null. */
  recordLink: z.string().nullable(),
  /** The id the recordId filter takes for this record's trail (a platform operation's: its request's). */
  recordId: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditClientMatchSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AuditClientMatch = z.infer<typeof auditClientMatchSchema>;
export const auditSearchResponse = z.object({
  rows: z.array(auditRowSchema),
  totalSize: z.number().int(),
  /** With a client filter: the clients it stood for, and whether more matched than AUDIT_CLIENT_MATCHES. */
  clientMatches: z.object({ clients: z.array(auditClientMatchSchema), more: z.boolean() }).optional(),
});
export type AuditSearchResponse = z.infer<typeof auditSearchResponse>;

/**
 * GET /api/admin/audit/export.csv: the same filters as query parameters (leave out the empty ones),
 * plus sortOrder ('asc' by default: a file reads oldest first).
 */
export const auditExportQuery = z
  .strictObject({
    actorId: idSchema.optional(),
    userId: idSchema.optional(),
    client: auditClientTextSchema.optional(),
    recordId: idSchema.optional(),
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

/** The kinds of record (audit_log.entity) in words, for the search's picker and the rows' labels. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  user: 'Client or staff member',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer: 'Transfer',
  leverage_change: 'Leverage change',
  trading_account: 'Trading account',
  sub_account_request: 'Sub-account request',
  bank_account: 'Bank account',
  ib_request: 'IB request',
  ib_code: 'Introducer',
  ib_quota: 'Introducer slots',
  group: 'Group',
  platform_operation: 'Platform operation',
  approval_threshold: 'Four-eyes threshold',
  reconciliation_report: 'Reconciliation report',
  reconciliation_alert: 'Reconciliation alert',
  session: 'Staff session',
  export: 'List export',
  audit_log: 'Audit trail',
};

/**
 * The audit trail screen's page sizes: 50 or 100 rows, 50 first (as the other lists of
 * docs/product.md [const.page-sizes]).
 */
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
  email: z.string(),
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
