import { defineCall } from '../../call.ts';
import { createViewRequest, viewResponse } from '../../views.ts';

/** Saves a named view of one list for the caller (filters, sort, columns); may make it the default. */
export const createView = defineCall({
  summary: 'Saves a named view of a list for the caller.',
  method: 'POST',
  path: '/api/admin/views/create',
  access: 'staff',
  body: createViewRequest,
  response: viewResponse,
});
