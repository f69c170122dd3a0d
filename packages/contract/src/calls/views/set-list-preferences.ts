import { defineCall } from '../../call.ts';
import { listPreferencesRequest, listPreferencesResponse } from '../../views.ts';

/** Saves the caller's hidden columns and density for one list. */
export const setListPreferences = defineCall({
  summary: "Saves the caller's hidden columns and density for a list.",
  method: 'POST',
  path: '/api/admin/views/preferences',
  access: 'staff',
  body: listPreferencesRequest,
  response: listPreferencesResponse,
});
