import { defineCall } from '../../call.ts';
import { searchRequest, searchResponse } from '../../search.ts';

/**
 * The global search (Ctrl+K; path ours): clients, accounts and requests matching what was typed. A POST
 * like the lists, so the typed text stays out of access logs.
 */
export const searchRecords = defineCall({
  summary: 'Finds the clients, accounts and requests that match a search text.',
  method: 'POST',
  path: '/api/admin/search',
  access: 'staff',
  body: searchRequest,
  response: searchResponse,
});
