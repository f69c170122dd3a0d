import { defineCall } from '../../call.ts';
import { updateViewRequest, viewResponse } from '../../views.ts';

/** Changes one of the caller's saved views: its name, its state, or whether it is the default. */
export const updateView = defineCall({
  summary: "Changes one of the caller's saved views.",
  method: 'POST',
  path: '/api/admin/views/update',
  access: 'staff',
  body: updateViewRequest,
  response: viewResponse,
});
