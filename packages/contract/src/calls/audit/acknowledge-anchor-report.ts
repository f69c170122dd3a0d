import { z } from 'zod';
import { idSchema } from '../../common.ts';
import { defineCall } from '../../call.ts';
import { anchorReportSchema } from './list-anchor-reports.ts';

/** A SYSOP acknowledges a database behind an anchor, saying in a note what was lost and why. */
export const acknowledgeAnchorReport = defineCall({
  summary: 'Acknowledges that the audit trail is behind a mailed anchor, with a note.',
  method: 'POST',
  path: '/api/admin/audit/anchor-reports/:id/acknowledge',
  access: 'sysop',
  params: z.object({ id: idSchema }),
  body: z.strictObject({
    note: z
      .string()
      .trim()
      .min(10, 'Say in a few words what was restored and what was lost (at least 10 characters).')
      .max(2000),
  }),
  response: anchorReportSchema,
});
