import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';

/** All of one report's mismatches as a CSV download (RECONCILIATION_CSV_COLUMNS). */
export const exportReconciliationReport = defineCall({
  summary: "Downloads all of a reconciliation report's mismatches as CSV.",
  method: 'GET',
  path: '/api/admin/reconciliation/reports/:id/export.csv',
  access: 'staff',
  params: z.object({ id: idSchema }),
  produces: 'text/csv; charset=utf-8',
});
