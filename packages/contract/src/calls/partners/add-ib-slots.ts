import { defineCall } from '../../call.ts';
import { addIbSlotsRequest, addIbSlotsResponse } from '../../partners.ts';

/**
 * Raises the IB code quotas (path ours; docs/product.md [msg.no-introducer-slots] only says "Please add more
 * codes"): a SYSOP's call.
 */
export const addIbSlots = defineCall({
  summary: 'Raises the IB code quotas (SYSOP only).',
  method: 'POST',
  path: '/api/admin/users/adminAddIbSlots',
  access: 'sysop',
  body: addIbSlotsRequest,
  response: addIbSlotsResponse,
});
