import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { reportDetailSchema } from '../../reports.ts';

/** One kept report with its figures. */
export const getReport = defineCall({
  summary: 'Reads one kept scheduled report with its figures.',
  method: 'GET',
  path: '/api/admin/reports/:id',
  access: 'staff',
  params: z.object({ id: idSchema }),
  response: reportDetailSchema,
});
