import { defineCall } from '../../call.ts';
import { alertParams, alertReplySchema } from '../../alerts.ts';

/** Assigns an open alert to the caller, taking it over from anyone else (docs/product.md [call.assignAlert]). */
export const assignAlert = defineCall({
  summary: 'Assigns an open alert to the signed-in staff member.',
  method: 'POST',
  path: '/api/admin/alerts/:alertId/assign',
  access: 'staff',
  params: alertParams,
  response: alertReplySchema,
});
