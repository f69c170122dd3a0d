import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { reconciliationAlertSchema } from '../../reconciliation.ts';

/** Acknowledges one critical mismatch once it is handled; answers the alert. */
export const acknowledgeReconciliationAlert = defineCall({
  summary: 'Marks a critical reconciliation mismatch as handled.',
  method: 'POST',
  path: '/api/admin/reconciliation/alerts/:id/acknowledge',
  access: 'staff',
  params: z.object({ id: idSchema }),
  response: reconciliationAlertSchema,
});
