import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';

/** The report's figures as the CSV that was mailed with it (audited). */
export const downloadReportCsv = defineCall({
  summary: "Downloads a kept scheduled report's figures as CSV.",
  method: 'GET',
  path: '/api/admin/reports/:id/figures.csv',
  access: 'staff',
  params: z.object({ id: idSchema }),
  produces: 'text/csv; charset=utf-8',
});
