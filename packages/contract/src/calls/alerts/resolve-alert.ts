import { defineCall } from '../../call.ts';
import { alertParams, alertReplySchema, resolveAlertRequest } from '../../alerts.ts';

/** Resolves an open alert as cleared or confirmed, with a note (docs/product.md [call.resolveAlert]). */
export const resolveAlert = defineCall({
  summary: 'Resolves an open alert as cleared or confirmed, with a required note.',
  method: 'POST',
  path: '/api/admin/alerts/:alertId/resolve',
  access: 'staff',
  params: alertParams,
  body: resolveAlertRequest,
  response: alertReplySchema,
});
