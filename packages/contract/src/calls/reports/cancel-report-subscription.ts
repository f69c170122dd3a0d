import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { reportSubscriptionSchema } from '../../reports.ts';

/** Ends a subscription: no further period is mailed; its reports stay in the history (SYSOP). */
export const cancelReportSubscription = defineCall({
  summary: 'Cancels a scheduled-report subscription (SYSOP only).',
  method: 'POST',
  path: '/api/admin/reports/subscriptions/:id/cancel',
  access: 'sysop',
  params: z.object({ id: idSchema }),
  response: reportSubscriptionSchema,
});
