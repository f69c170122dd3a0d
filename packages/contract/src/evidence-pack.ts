import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Evidence packs (docs/product.md [evidence-pack]): one client's or one request's facts, documents and
 * audit records in a signed ZIP that anyone can check offline (`npm run audit:verify -- --pack`).
 */

/** What a pack is about: a client, or one request of a kind staff decide (its REQUEST_KIND_WIRES name). */
export const EVIDENCE_PACK_SUBJECTS = [
  'client',
  'deposit',
  'withdrawal',
  'transfer',
  'bankAccount',
  'leverage',
  'subAccount',
  'ibRequest',
] as const;
export type EvidencePackSubject = (typeof EVIDENCE_PACK_SUBJECTS)[number];

export const evidencePackRequest = z.strictObject({
  subject: z.enum(EVIDENCE_PACK_SUBJECTS),
  id: idSchema,
});
export type EvidencePackRequest = z.infer<typeof evidencePackRequest>;

export const evidencePackLink = z.object({ url: z.string(), filename: z.string() });

/** How long a pack's download link works: long enough to start the download, too short to pass around. */
export const EVIDENCE_PACK_LINK_SECONDS = 60;

/** The audit action of a pack handed out (entity 'user': the client; after: the subject and who). */
export const EVIDENCE_PACK_AUDIT_ACTION = 'evidence-pack.exported';

/** The label of each subject, for the file name and the summary's title. */
export const EVIDENCE_PACK_SUBJECT_LABELS: Record<EvidencePackSubject, string> = {
  client: 'Client',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer: 'Transfer',
  bankAccount: 'Bank details',
  leverage: 'Leverage change',
  subAccount: 'Sub-account request',
  ibRequest: 'IB request',
};

/** The pack's file name: evidence-<subject>-<id>-<YYYY-MM-DD>.zip. */
export const evidencePackFilename = (subject: EvidencePackSubject, id: string, day: string) =>
  `evidence-${subject}-${id}-${day}.zip`;
