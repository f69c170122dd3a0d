import { z } from 'zod';
import { defineCall } from '../../call.ts';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** One sealed UTC day of the audit chain, as signed and mailed (docs/security.md "Seals and anchors"). */
export const auditSealSchema = z.object({
  v: z.literal(1),
  day: z.string(),
  firstSeq: z.number().int(),
  lastSeq: z.number().int(),
  count: z.number().int(),
  root: hex64,
  headHash: hex64,
  keyId: z.string(),
  /** Ed25519 over the canonical JSON of the fields above (RFC 8032), base64. */
  signature: z.string(),
  /** The signing key's public half, SPKI DER in base64. */
  publicKey: z.string(),
  sealedAt: z.number().int(),
  mailedAt: z.number().int().nullable(),
});
export type AuditSealView = z.infer<typeof auditSealSchema>;

/** The daily seals of the audit chain, newest first (the last 366 days sealed). */
export const listAuditSeals = defineCall({
  summary: "Lists the audit trail's daily signed seals, newest first.",
  method: 'GET',
  path: '/api/admin/audit/seals',
  access: 'staff',
  response: z.object({ seals: z.array(auditSealSchema) }),
});
