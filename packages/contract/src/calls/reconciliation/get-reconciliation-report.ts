import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { reconciliationReportDetail } from '../../reconciliation.ts';

/** One kept report with its first mismatches. */
export const getReconciliationReport = defineCall({
  summary: 'Reads a reconciliation report with its first mismatches.',
  method: 'GET',
  path: '/api/admin/reconciliation/reports/:id',
  access: 'staff',
  params: z.object({ id: idSchema }),
  response: reconciliationReportDetail,
});
