import { defineCall } from '../../call.ts';
import { deleteViewRequest, deleteViewResponse } from '../../views.ts';

/** Deletes one of the caller's saved views. */
export const deleteView = defineCall({
  summary: "Deletes one of the caller's saved views.",
  method: 'POST',
  path: '/api/admin/views/delete',
  access: 'staff',
  body: deleteViewRequest,
  response: deleteViewResponse,
});
