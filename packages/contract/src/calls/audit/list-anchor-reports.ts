import { z } from 'zod';
import { idSchema } from '../../common.ts';
import { defineCall } from '../../call.ts';

/**
 * The database found behind a mailed anchor: records the anchor covers are not in the chain (as after
 * a restore from an older backup). Open until a SYSOP acknowledges it with a note.
 */
export const anchorReportSchema = z.object({
  _id: idSchema,
  /** The anchor's UTC day and its key id. */
  day: z.string(),
  keyId: z.string(),
  reason: z.string(),
  /** The last record the database held when checked, and the last record the anchor covers. */
  headId: z.number().int(),
  anchorLastSeq: z.number().int(),
  reportedAt: z.number().int(),
  reportedBy: z.string().nullable(),
  reportedByName: z.string().nullable(),
  acknowledgedAt: z.number().int().nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
  note: z.string().nullable(),
});
export type AnchorReport = z.infer<typeof anchorReportSchema>;

/** Every report of the database behind an anchor, open ones first, newest first. */
export const listAnchorReports = defineCall({
  summary: 'Lists the reports of the audit trail found behind a mailed anchor.',
  method: 'GET',
  path: '/api/admin/audit/anchor-reports',
  access: 'staff',
  response: z.object({ reports: z.array(anchorReportSchema) }),
});
