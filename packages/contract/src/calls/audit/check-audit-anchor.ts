import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { anchorReportSchema } from './list-anchor-reports.ts';

/**
 * A mailed anchor (the saved mail or its JSON) checked against the database. A database behind it (as
 * after a restore from an older backup) is recorded as a report a SYSOP acknowledges.
 */
export const checkAuditAnchor = defineCall({
  summary: 'Checks the audit trail against a mailed anchor (a daily signed seal).',
  method: 'POST',
  path: '/api/admin/audit/anchors/check',
  access: 'staff',
  body: z.strictObject({ anchor: z.string().min(1, 'Paste the anchor mail or its JSON.').max(20_000) }),
  response: z.object({
    status: z.enum(['matches', 'behind', 'differs', 'invalid']),
    day: z.string(),
    reason: z.string(),
    /** The report a 'behind' answer opened (or the one already open for that anchor). */
    report: anchorReportSchema.nullable(),
  }),
});
