import { defineCall } from '../../call.ts';
import { partnerEmailSettingsRequest, successResponse } from '../../clients.ts';

/**
 * Saves a partner's mail settings and agent code (docs/product.md [calls.partners] updateEmailNotifications).
 */
export const updatePartnerEmailSettings = defineCall({
  summary: "Saves a partner's mail settings and agent code.",
  method: 'POST',
  path: '/api/admin/partners/updateEmailNotifications',
  access: 'staff',
  actsOn: ['partnerId'],
  body: partnerEmailSettingsRequest,
  response: successResponse,
});
