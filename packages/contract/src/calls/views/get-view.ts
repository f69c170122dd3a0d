import { defineCall } from '../../call.ts';
import { viewParams, viewResponse } from '../../views.ts';

/** One saved view opened by its id (a shared link), whoever saved it. */
export const getView = defineCall({
  summary: 'Opens a saved view from its link.',
  method: 'GET',
  path: '/api/admin/views/:id',
  access: 'staff',
  params: viewParams,
  response: viewResponse,
});
