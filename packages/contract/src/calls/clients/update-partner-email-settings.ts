import { defineCall } from '../../call.ts';
import { partnerEmailSettingsRequest, successResponse } from '../../clients.ts';

/** Saves a partner's mail settings and agent code (SPEC 7.3 updateEmailNotifications). */
export const updatePartnerEmailSettings = defineCall({
  summary: "Saves a partner's mail settings and agent code.",
  method: 'POST',
  path: '/api/admin/partners/updateEmailNotifications',
  access: 'staff',
  actsOn: ['partnerId'],
  body: partnerEmailSettingsRequest,
  response: successResponse,
});
