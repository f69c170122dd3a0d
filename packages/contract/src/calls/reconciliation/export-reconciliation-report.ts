import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';

/** All of one report's mismatches as a CSV download (RECONCILIATION_CSV_COLUMNS). */
export const exportReconciliationReport = defineCall({
  method: 'GET',
  path: '/api/admin/reconciliation/reports/:id/export.csv',
  access: 'staff',
  params: z.object({ id: idSchema }),
  produces: 'text/csv; charset=utf-8',
});
