import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';

/** The report as the PDF that was mailed (audited). */
export const downloadReportPdf = defineCall({
  summary: 'Downloads a kept scheduled report as PDF.',
  method: 'GET',
  path: '/api/admin/reports/:id/report.pdf',
  access: 'staff',
  params: z.object({ id: idSchema }),
  produces: 'application/pdf',
});
