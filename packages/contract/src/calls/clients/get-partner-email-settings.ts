import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { idSchema } from '../../common.ts';
import { partnerEmailSettingsResponse } from '../../clients.ts';

/**
 * A partner's mail settings, for the profile's partner card (docs/product.md [calls.partners]
 * getEmailNotifications).
 */
export const getPartnerEmailSettings = defineCall({
  summary: "Reads a partner's mail settings.",
  method: 'GET',
  path: '/api/admin/partners/getEmailNotifications/:userId',
  access: 'staff',
  actsOnParam: 'userId',
  params: z.object({ userId: idSchema }),
  response: partnerEmailSettingsResponse,
});
