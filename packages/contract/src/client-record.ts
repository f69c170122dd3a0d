import { z } from 'zod';
import { epochSchema, idSchema } from './common.ts';
import { bankAccountStatusSchema } from './entities.ts';
import type { DocumentKind } from './audit.ts';

/** The provider's review states in words (Sumsub-style names; anything else is shown as it comes). */
export const KYC_REVIEW_STATUS_LABELS: Record<string, string> = {
  init: 'Not started',
  pending: 'In review',
  queued: 'Queued',
  onHold: 'On hold',
  prechecked: 'Prechecked',
  completed: 'Completed',
};

/** The eKYC outcome in words: "Completed, approved", "In review", "Not started". */
export function kycReviewLabel(reviewStatus: string, reviewAnswer: string): string {
  const status = KYC_REVIEW_STATUS_LABELS[reviewStatus] ?? reviewStatus;
  const answer = reviewAnswer === 'GREEN' ? 'approved' : reviewAnswer === 'RED' ? 'rejected' : '';
  return [status || 'Not started', answer].filter(Boolean).join(', ');
}

/**
 * GET /api/admin/users/bankAccounts/{id}: the client's bank accounts for the profile's Documents card,
 * newest first, without links (a statement's signed link is asked for when staff open it, and logged).
 */
export const CLIENT_BANK_ACCOUNTS_CAP = 50;
export const clientBankAccountSchema = z.object({
  _id: idSchema,
  bankName: z.string(),
  bankAccountCurrency: z.string(),
  /** The last four characters of the IBAN or account number, to tell accounts apart. */
  accountEnding: z.string(),
  status: bankAccountStatusSchema,
  timestamp: epochSchema,
  /** A statement is on file (the name is set and the file exists). */
  hasStatement: z.boolean(),
  /** 'pdf', 'png' or 'jpg' when a statement is on file, else ''. */
  statementType: z.string(),
});
export type ClientBankAccount = z.infer<typeof clientBankAccountSchema>;
export const clientBankAccountsResponse = z.array(clientBankAccountSchema);

/**
 * GET /api/admin/users/timeline/{id}?before=&limit=: one timeline of the client, newest first: Client
 * Log lines (status changes and other decisions), funding requests, and staff actions from the audit
 * trail that left no log line (documents opened or uploaded, edits). Paged by `next`, an opaque cursor.
 */
export const TIMELINE_KINDS = ['log', 'deposit', 'withdrawal', 'transfer', 'staff'] as const;
export const timelineKindSchema = z.enum(TIMELINE_KINDS);
export type TimelineKind = z.infer<typeof timelineKindSchema>;
export const TIMELINE_PAGE_MAX = 100;
/** at:kind:key of the last entry seen; the next page starts after it. */
export const TIMELINE_CURSOR = /^\d{1,12}:(log|deposit|withdrawal|transfer|staff):[0-9a-z]{1,24}$/;

export const timelineQuery = z.strictObject({
  before: z.string().max(64).regex(TIMELINE_CURSOR, 'Invalid cursor.').optional(),
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(25),
});
export const timelineEntrySchema = z.object({
  key: z.string(),
  at: epochSchema,
  kind: timelineKindSchema,
  /** What happened, in words. */
  title: z.string(),
  /** A status, amount or comment, in words; '' when there is nothing more. */
  detail: z.string(),
  /** Who did it: a staff name, 'Client', 'AUTOMATION' or ''. */
  actor: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const timelineResponse = z.object({
  entries: z.array(timelineEntrySchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  next: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof timelineResponse>;

/** The provider's document type in words: PASSPORT -> Passport, ID_CARD -> ID card. */
export function kycDocTypeLabel(idDocType: string): string {
  const words = idDocType
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What each kind of document is called on screen. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  IDENTITY: 'Proof of Identity',
  PROOF_OF_RESIDENCE: 'Proof of Address',
  KYC_REPORT: 'eKYC Report',
  BANK_STATEMENT: 'Bank statement',
};

/**
 * A stored upload's name as people read it: without the client id and upload time the server puts in
 * front ({userId}-{time}-{name}.{ext}); any other text comes back as it is.
 */
export function storedFileLabel(name: string): string {
  return name.replace(/^[0-9a-f]{24}-\d+-/, '');
}

/** The document a view names, in words: a KYC type, a statement's file name, or nothing for the report. */
export function viewedDocumentLabel(kind: DocumentKind, document: string): string {
  if (kind === 'BANK_STATEMENT') return storedFileLabel(document);
  if (kind === 'KYC_REPORT') return '';
  return kycDocTypeLabel(document);
}
