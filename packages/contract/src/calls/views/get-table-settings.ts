import { defineCall } from '../../call.ts';
import { listSettingsQuery, listSettingsResponse } from '../../views.ts';

/** The caller's settings of one list: its column and density preferences and its saved views. */
export const getTableSettings = defineCall({
  summary: "Reads the caller's settings of a list: its columns, density and saved views.",
  method: 'GET',
  path: '/api/admin/views',
  access: 'staff',
  query: listSettingsQuery,
  response: listSettingsResponse,
});
